import { randomUUID } from 'node:crypto';
import {
  FOUNDER_REFERRALS_PER_MONTH,
  REFERRALS_PER_MONTH,
  RESET_LINK_VALIDITY_MS,
  TIER_LIMITS,
  suspensionMessage,
  type AuthResponse,
  type ChangePasswordRequest,
  type loginRequest,
  type registerRequest,
  type Suspension,
} from '@doers/contract';
import type { z } from 'zod';
import type { Database, Queryable } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/database.js';
import { HttpError, badRequest, conflict, unauthorized } from '../../../platform/errors.js';
import type { Clock } from '../../../platform/clock.js';
import type { EventBus } from '../../../platform/events.js';
import type { Mailer } from '../../../platform/mailer.js';
import type { Auth } from '../../../platform/router.js';
import type { SecurityLog } from '../../../platform/security-log.js';
import { randomToken, sha256 } from '../../../platform/tokens.js';
import type { PostCountersRepository } from '../../social/index.js';
import type { OnboardingService } from '../../accounts/index.js';
import { generateReferralCode } from '../../people/index.js';
import type { ReferralsService } from '../../people/index.js';
import type { ReferrerRow } from '../../people/index.js';
import type { AccountDeletionRepository } from '../../accounts/index.js';
import type { UserRow } from '../../accounts/index.js';
import type { UsersService } from '../../accounts/index.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { resetPasswordMail } from './reset-password-mail.js';
import type { SignInsService } from './sign-ins.service.js';
import type { TokensRepository } from './tokens.repository.js';

export type FounderSettings = { inviteCode: string | undefined; seats: number };

export class AuthService {
  constructor(
    private readonly deps: {
      db: Database;
      postCounters: PostCountersRepository;
      users: UsersService;
      deletions: AccountDeletionRepository;
      tokens: TokensRepository;
      signIns: SignInsService;
      referrals: ReferralsService;
      onboarding: OnboardingService;
      events: EventBus;
      mailer: Mailer;
      log: SecurityLog;
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

    refuseCommon(input.password, 'password', [input.username, input.email]);
    const passwordHash = await hashPassword(input.password);
    const user = await this.insertWithRetry(async (tx) => {
      const founderId = founderMode ? await users.nextFounderId(tx) : null;
      if (founderId !== null && founderId > this.deps.founder.seats) {
        throw new HttpError(403, 'All founder seats are taken. Ask a member for a referral code.');
      }
      if (referrer) await this.deps.referrals.claimSlot(tx, referrer);
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
      if (referrer) {
        await this.deps.events.record(tx, 'referral.joined', {
          referrerId: referrer.id,
          userId: row.id,
        });
      }
      return row;
    });
    const tokens = await this.deps.signIns.start(user, input.device, true);
    return authResponse(user, tokens, true);
  }

  /**
   * A suspended person signs in too, into a restricted session that says why and until when:
   * they may read their account, export their data and end their sessions (docs/product/safety.md).
   */
  async login(input: z.output<typeof loginRequest>): Promise<AuthResponse> {
    const user = await this.deps.users.findByLogin(input.email);
    const ok = await verifyPassword(user?.password_hash, input.password);
    if (!user || !ok) throw unauthorized('Invalid email/username or password');
    // Signing back in within the grace days keeps an account its person asked to delete.
    const restored =
      user.status === 'Deleted' &&
      (await this.deps.db.transaction(async (tx) => {
        if (!(await this.deps.deletions.cancel(tx, user.id, this.deps.clock.now()))) return false;
        // Their smiles, hums and comments count on others' posts again.
        await this.deps.postCounters.personReturned(tx, user.id);
        return true;
      }));
    if (restored) {
      user.status = 'Active';
      await this.deps.events.publish('account.statusChanged', { userId: user.id });
    }
    if (user.status === 'Deleted') throw unauthorized('Invalid email/username or password');
    if (user.status !== 'Active' && user.status !== 'Suspended')
      throw new HttpError(403, suspendedMessage(user));
    await this.deps.users.upsertDevice(user.id, input.device);
    const tokens = await this.deps.signIns.start(user, input.device, input.rememberMe);
    return {
      ...authResponse(user, tokens, await this.deps.onboarding.requiresOnboarding(user.id)),
      ...(restored && { accountRestored: true }),
    };
  }

  /** Answers the same, as fast, whether or not the address exists; the link goes out after. */
  async forgotPassword(email: string, ip: string): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    if (!user || user.status === 'Deleted') return;
    this.deps.log('password.resetRequested', { userId: user.id, ip });
    // Stored and mailed after the answer: an address with an account must not answer later than
    // one without (the security suite measures the difference).
    void this.sendResetLink(user).catch(this.deps.onBackgroundError);
  }

  private async sendResetLink(user: UserRow): Promise<void> {
    const token = randomToken();
    await this.deps.tokens.insertPasswordReset(
      user.id,
      sha256(token),
      new Date(this.deps.clock.now().getTime() + RESET_LINK_VALIDITY_MS),
    );
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send(resetPasswordMail(user.email, user.display_name, link));
  }

  /** A new password from a mailed link; every session of the account ends. */
  async resetPassword(token: string, newPassword: string, ip: string): Promise<void> {
    // Refuse a bad link before paying for a hash.
    if (!(await this.deps.tokens.isPasswordResetUsable(sha256(token), this.deps.clock.now()))) {
      throw badRequest('Invalid or expired reset link. Please request a new one.');
    }
    refuseCommon(newPassword, 'newPassword');
    const passwordHash = await hashPassword(newPassword);
    const reset = await this.deps.db.transaction(async (tx) => {
      const at = this.deps.clock.now();
      const userId = await this.deps.tokens.consumePasswordReset(tx, sha256(token), at);
      if (!userId) return undefined;
      await this.deps.users.updatePassword(tx, userId, passwordHash);
      await this.deps.signIns.endAll(tx, userId);
      await this.deps.users.bumpSessionEpoch(tx, userId);
      return { userId };
    });
    if (!reset) throw badRequest('Invalid or expired reset link. Please request a new one.');
    this.deps.log('password.reset', { userId: reset.userId, ip });
  }

  /** A signed-in person's new password: the current one is required; other sessions end. */
  async changePassword(auth: Auth, input: ChangePasswordRequest, ip: string): Promise<void> {
    const user = await this.deps.users.find(auth.userId);
    if (!user) throw unauthorized('Your session has expired');
    if (!(await verifyPassword(user.password_hash, input.currentPassword))) {
      throw badRequest('Current password is incorrect', [
        { field: 'currentPassword', message: 'Current password is incorrect' },
      ]);
    }
    if (input.newPassword === input.currentPassword) {
      throw badRequest('Choose a password different from your current one', [
        { field: 'newPassword', message: 'Choose a password different from your current one' },
      ]);
    }
    refuseCommon(input.newPassword, 'newPassword', [user.username, user.email]);
    const passwordHash = await hashPassword(input.newPassword);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.users.updatePassword(tx, user.id, passwordHash);
      // Whoever else is signed in, perhaps with the old password, is signed out; this device
      // stays, so the session epoch (which would end its access token too) is left alone.
      await this.deps.signIns.endAll(tx, user.id, auth.sessionId);
    });
    this.deps.log('password.changed', { userId: user.id, ip });
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

/** A breached or easily guessed password is refused with the field named. */
function refuseCommon(password: string, field: string, context: string[] = []): void {
  if (isCommonPassword(password, context)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, [{ field, message: COMMON_PASSWORD_MESSAGE }]);
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
    suspension: suspensionOf(user),
  };
}

/** A suspension as the contract tells it, or null for an account in good standing. */
function suspensionOf(user: UserRow): Suspension | null {
  if (user.status !== 'Suspended') return null;
  return {
    reason: user.suspension_reason ?? '',
    until: user.suspended_until?.toISOString() ?? null,
  };
}

/** Why a person cannot sign in: a suspension is always explained. */
function suspendedMessage(user: UserRow): string {
  return suspensionMessage(suspensionOf(user) ?? { reason: '', until: null });
}
