import { randomUUID } from 'node:crypto';
import {
  FOUNDER_REFERRALS_PER_MONTH,
  REFERRALS_PER_MONTH,
  RESET_LINK_VALIDITY_MS,
  TIER_LIMITS,
  type AuthResponse,
  type RefreshResponse,
  type loginRequest,
  type registerRequest,
} from '@doers/contract';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/database.js';
import { isUniqueViolation } from '../../db/database.js';
import { HttpError, badRequest, conflict, unauthorized } from '../../platform/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events.js';
import type { Mailer } from '../../platform/mailer.js';
import { type TokenSigner, randomToken, sha256 } from '../../platform/tokens.js';
import type { OnboardingService } from '../onboarding/onboarding.service.js';
import { generateReferralCode } from '../referrals/referral-code.js';
import type { ReferralsService } from '../referrals/referrals.service.js';
import type { ReferrerRow } from '../referrals/referrals.repository.js';
import type { UserRow } from '../users/users.repository.js';
import type { UsersService } from '../users/users.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { resetPasswordMail } from './reset-password-mail.js';
import type { SessionsRepository } from './sessions.repository.js';

const DAY_MS = 24 * 60 * 60_000;
/**
 * "Remember me" keeps a device signed in 30 days, otherwise 1 day
 * (docs/product/accounts-and-sessions.md).
 */
const REFRESH_TTL_MS = { remember: 30 * DAY_MS, session: DAY_MS };
/** How long a just-rotated refresh token still works (another tab of the same device). */
export const REUSE_GRACE_MS = 10_000;

export type FounderSettings = { inviteCode: string | undefined; seats: number };

export class AuthService {
  constructor(
    private readonly deps: {
      db: Database;
      users: UsersService;
      sessions: SessionsRepository;
      referrals: ReferralsService;
      onboarding: OnboardingService;
      events: EventBus;
      signer: TokenSigner;
      mailer: Mailer;
      founder: FounderSettings;
      publicUrl: string;
      clock: Clock;
      onBackgroundError: (error: unknown) => void;
    },
  ) {}

  async founderSeatsLeft(): Promise<number> {
    if (!this.deps.founder.inviteCode) return 0;
    return Math.max(0, this.deps.founder.seats - (await this.deps.users.countFounders()));
  }

  async register(input: z.output<typeof registerRequest>, timezone: string): Promise<AuthResponse> {
    const { users } = this.deps;
    const founderMode = input.inviteCode !== '';
    let referrer: ReferrerRow | undefined;
    if (founderMode) {
      if (!this.deps.founder.inviteCode || input.inviteCode !== this.deps.founder.inviteCode) {
        throw badRequest('Invalid founder invite code', [
          { field: 'inviteCode', message: 'Invalid founder invite code' },
        ]);
      }
      if ((await this.founderSeatsLeft()) === 0) {
        throw new HttpError(403, 'All founder seats are taken. Ask a member for a referral code.');
      }
    } else if (input.referralCode !== '') {
      const check = await this.deps.referrals.check(input.referralCode);
      if (!check.valid)
        throw badRequest(check.error, [{ field: 'referralCode', message: check.error }]);
      referrer = check.referrer;
    } else {
      throw badRequest('A referral code or founder invite is required to join Doers', [
        { field: 'referralCode', message: 'Required' },
      ]);
    }

    const taken = await users.existing(input.email, input.username);
    if (taken.username) throw usernameTaken();
    if (taken.email) throw emailTaken();

    const passwordHash = await hashPassword(input.password);
    const user = await this.insertWithRetry(async (tx) => {
      const founderId = founderMode ? await users.nextFounderId(tx) : null;
      if (founderId !== null && founderId > this.deps.founder.seats) {
        throw new HttpError(403, 'All founder seats are taken. Ask a member for a referral code.');
      }
      const limits = TIER_LIMITS.free;
      const row = await users.create(tx, {
        id: randomUUID(),
        email: input.email,
        username: input.username,
        display_name: input.username,
        password_hash: passwordHash,
        account_type: founderMode ? 'founder' : 'standard',
        supporter_tier: 'free',
        payment_status: founderMode ? 'Exempt' : 'Unpaid',
        referral_code: generateReferralCode(),
        referred_by: referrer?.id ?? null,
        founder_id: founderId,
        founder_joined_at: founderMode ? this.deps.clock.now() : null,
        limit_quests: limits.quests,
        limit_post_duration: limits.postDuration,
        limit_dm_duration: limits.dmDuration,
        limit_referrals_per_month: founderMode ? FOUNDER_REFERRALS_PER_MONTH : REFERRALS_PER_MONTH,
        timezone,
      });
      await users.upsertDevice(row.id, input.device, tx);
      return row;
    });
    if (referrer) {
      await this.deps.events.publish('referral.joined', {
        referrerId: referrer.id,
        userId: user.id,
      });
    }
    const tokens = await this.issueTokens(user, input.device.id, true);
    return authResponse(user, tokens, true);
  }

  async login(input: z.output<typeof loginRequest>): Promise<AuthResponse> {
    const user = await this.deps.users.findByLogin(input.email);
    const ok = await verifyPassword(user?.password_hash, input.password);
    if (!user || !ok) throw unauthorized('Invalid email/username or password');
    if (user.status !== 'Active')
      throw new HttpError(403, 'This account is suspended. Contact support.');
    await this.deps.users.upsertDevice(user.id, input.device);
    const tokens = await this.issueTokens(user, input.device.id, input.rememberMe);
    return authResponse(user, tokens, await this.deps.onboarding.requiresOnboarding(user.id));
  }

  /** Rotates a refresh token. Presenting one that was already used revokes that device's chain. */
  async refresh(refreshToken: string): Promise<RefreshResponse> {
    const { sessions, db } = this.deps;
    const row = await sessions.findRefreshToken(sha256(refreshToken));
    if (!row) throw unauthorized('Session expired. Please log in again.');
    // Two tabs of one device may present the same token moments apart: within the grace
    // period the second one gets a fresh token of the same chain. Later, it is a stolen token.
    const concurrentUse =
      row.used_at !== null &&
      !row.revoked_at &&
      this.deps.clock.now().getTime() - row.used_at.getTime() < REUSE_GRACE_MS;
    if ((row.used_at && !concurrentUse) || row.revoked_at) {
      await sessions.revokeFamily(row.family_id);
      throw unauthorized('Session expired. Please log in again.');
    }
    if (row.expires_at.getTime() <= this.deps.clock.now().getTime())
      throw unauthorized('Session expired. Please log in again.');
    const user = await this.deps.users.find(row.user_id);
    if (!user || user.status !== 'Active')
      throw unauthorized('Session expired. Please log in again.');

    const next = randomToken();
    const rotated = await db.transaction(async (tx) => {
      // Losing the race to mark it used means another tab just used it: the same grace applies.
      const used = await sessions.markUsed(tx, row.id, this.deps.clock.now());
      if (!used && (await sessions.isRevoked(tx, row.id))) return false;
      await sessions.insertRefreshToken(
        {
          id: randomUUID(),
          user_id: row.user_id,
          device_id: row.device_id,
          family_id: row.family_id,
          token_hash: sha256(next),
          remember: row.remember,
          expires_at: this.refreshExpiry(row.remember),
        },
        tx,
      );
      return true;
    });
    if (!rotated) {
      // Lost a race with another use of the same token: treat it as reuse.
      await sessions.revokeFamily(row.family_id);
      throw unauthorized('Session expired. Please log in again.');
    }
    return {
      accessToken: await this.deps.signer.signAccess(user.id, row.device_id, user.session_epoch),
      refreshToken: next,
    };
  }

  /** The per-account login limit counts one account however it is named (email or username). */
  async loginKey(login: string): Promise<string> {
    const user = await this.deps.users.findByLogin(login);
    return user ? user.id : login.toLowerCase();
  }

  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const row = await this.deps.sessions.findRefreshToken(sha256(refreshToken));
    if (row) await this.deps.sessions.revokeFamily(row.family_id);
  }

  /** Answers the same whether or not the address exists; the mail goes out in the background. */
  async forgotPassword(email: string): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    if (!user || user.status === 'Deleted') return;
    const token = randomToken();
    await this.deps.sessions.insertPasswordReset(
      user.id,
      sha256(token),
      new Date(this.deps.clock.now().getTime() + RESET_LINK_VALIDITY_MS),
    );
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    this.deps.mailer
      .send(resetPasswordMail(user.email, user.display_name, link))
      .catch(this.deps.onBackgroundError);
  }

  async resetPassword(token: string, newPassword: string): Promise<void> {
    // Refuse a bad link before paying for a hash.
    if (!(await this.deps.sessions.isPasswordResetUsable(sha256(token), this.deps.clock.now()))) {
      throw badRequest('Invalid or expired reset link. Please request a new one.');
    }
    const passwordHash = await hashPassword(newPassword);
    const ok = await this.deps.db.transaction(async (tx) => {
      const at = this.deps.clock.now();
      const userId = await this.deps.sessions.consumePasswordReset(tx, sha256(token), at);
      if (!userId) return false;
      await this.deps.users.updatePassword(tx, userId, passwordHash);
      await this.deps.sessions.revokeAllForUser(tx, userId);
      await this.deps.users.bumpSessionEpoch(tx, userId);
      return true;
    });
    if (!ok) throw badRequest('Invalid or expired reset link. Please request a new one.');
  }

  private async issueTokens(user: UserRow, deviceId: string, remember: boolean) {
    const refreshToken = randomToken();
    await this.deps.sessions.insertRefreshToken({
      id: randomUUID(),
      user_id: user.id,
      device_id: deviceId,
      family_id: randomUUID(),
      token_hash: sha256(refreshToken),
      remember,
      expires_at: this.refreshExpiry(remember),
    });
    return {
      accessToken: await this.deps.signer.signAccess(user.id, deviceId, user.session_epoch),
      refreshToken,
    };
  }

  private refreshExpiry(remember: boolean): Date {
    return new Date(
      this.deps.clock.now().getTime() +
        (remember ? REFRESH_TTL_MS.remember : REFRESH_TTL_MS.session),
    );
  }

  /** Unique keys can still collide between the check and the insert (or on a referral code). */
  private async insertWithRetry(fn: (tx: Queryable) => Promise<UserRow>): Promise<UserRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.deps.db.transaction(fn);
      } catch (error) {
        if (isUniqueViolation(error, 'users_username_key')) throw usernameTaken();
        if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }
}

const usernameTaken = () =>
  conflict('This username is already taken', [
    { field: 'username', message: 'This username is already taken' },
  ]);
const emailTaken = () =>
  conflict('An account with this email already exists', [
    { field: 'email', message: 'An account with this email already exists' },
  ]);

function authResponse(
  user: UserRow,
  tokens: { accessToken: string; refreshToken: string },
  requiresQuest: boolean,
): AuthResponse {
  return {
    user: {
      id: user.id,
      email: user.email,
      username: user.username,
      displayName: user.display_name,
      accountType: user.account_type,
      supporterTier: user.supporter_tier,
      referralCode: user.referral_code,
      isFounder: user.founder_id !== null,
    },
    tokens,
    requiresQuest,
    paymentStatus: user.payment_status.toLowerCase() as AuthResponse['paymentStatus'],
  };
}
