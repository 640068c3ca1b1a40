import type { AuthResponse } from '@doers/contract';
import { addressGroup } from '../../../platform/address-group.js';
import type { Clock } from '../../../platform/clock.js';
import { HttpError } from '../../../platform/errors.js';
import type { RateLimits, RateRuleName } from '../../../platform/rate-limiter.js';
import type { SecurityLog } from '../../../platform/security-log.js';
import { sha256 } from '../../../platform/tokens.js';
import type { UsersService } from '../../accounts/index.js';
import type { SignInSourcesRepository } from './sign-in-sources.repository.js';

/** Looked up when no account matches, so that an unknown login costs what a known one does. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/**
 * Online guessing (docs/product/accounts-and-sessions.md#sign-in-limits). Failed password checks
 * are counted per account and address, per account (a delay that grows, up to a daily ceiling)
 * and per address; the limits are checked before the password, so a refused attempt verifies
 * nothing. A source the account signed in from before (same address group and device) counts
 * only its own failures: guessing from elsewhere cannot lock the owner out.
 */
export class LoginGuard {
  constructor(
    private readonly deps: {
      limits: RateLimits;
      sources: SignInSourcesRepository;
      users: UsersService;
      clock: Clock;
      log: SecurityLog;
    },
  ) {}

  async signIn(
    attempt: { login: string; deviceId: string; ip: string },
    verify: () => Promise<AuthResponse>,
  ): Promise<AuthResponse> {
    const { limits, sources, clock, log } = this.deps;
    const { ip, deviceId } = attempt;
    const address = addressGroup(ip);
    const user = await this.deps.users.findByLogin(attempt.login);
    // One account however it is named (email or username); an unknown name counts on its own.
    const account = user?.id ?? `name:${sha256(attempt.login.toLowerCase())}`;
    const known = await sources.isKnown(user?.id ?? NO_ACCOUNT, address, deviceId, clock.now());
    const pair = known ? `${account}|${address}|${deviceId}` : `${account}|${address}`;

    // Every attempt from an unknown source costs a hash: capped per address, success or not.
    if (!known) await limits.enforce([['loginAddress', address]], ip);
    const failureRules: [RateRuleName, string][] = known
      ? [['loginPairFailures', pair]]
      : [
          ['loginAddressFailures', address],
          ['loginAccountFailures1d', account],
          ['loginAccountFailures1h', account],
          ['loginAccountFailures15m', account],
          ['loginPairFailures', pair],
          ['loginAccountFailures1m', account],
        ];
    // A unit of each is taken now and kept only if the password turns out wrong: concurrent
    // attempts cannot all pass a check before any of them has failed.
    const held = await limits.enforce(failureRules, ip);

    let response: AuthResponse;
    try {
      response = await verify();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) {
        log('signIn.failed', { userId: user?.id ?? null, ip, reason: 'credentials' });
      } else {
        await held.release();
        if (error instanceof HttpError && error.statusCode === 403)
          log('signIn.failed', { userId: user?.id ?? null, ip, reason: 'suspended' });
      }
      throw error;
    }
    await held.release();
    await limits.clear('loginPairFailures', pair);
    await sources.remember(response.user.id, address, deviceId, clock.now());
    log('signIn.succeeded', { userId: response.user.id, ip });
    return response;
  }

  /** Signing up signs in too: the device and address it came from are a known source. */
  async signedUp(userId: string, deviceId: string, ip: string): Promise<void> {
    await this.deps.sources.remember(userId, addressGroup(ip), deviceId, this.deps.clock.now());
  }
}
