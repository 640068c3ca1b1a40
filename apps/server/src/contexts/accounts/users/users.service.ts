import {
  TIER_LIMITS,
  type GetUserResponse,
  type PaymentStatus,
  type PersonSummary,
  type PreferencesRequest,
  type SupporterTier,
  type User,
} from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { notFound } from '../../../platform/errors.js';
import type { ReferralsService } from '../../people/index.js';
import type { StatsService } from '../../progress/index.js';
import { presentPublicUser, presentUser, type IntroUrl } from './user.presenter.js';
import { publicMediaUrl } from '../../media/index.js';
import type { Grants, NewUser, UserRow, UsersRepository } from './users.repository.js';

/** People: accounts, devices, preferences and the User presenter. */
export class UsersService {
  constructor(
    private readonly deps: {
      users: UsersRepository;
      stats: StatsService;
      referrals: ReferralsService;
      clock: Clock;
      /**
       * A signed URL of a file (media's), for a private profile's voice intro. Left out where no
       * profile is presented (the admin command, the demo seed).
       */
      signedMediaUrl?: (mediaId: string) => string;
    },
  ) {}

  readonly #introUrl: IntroUrl = (mediaId, privateProfile) =>
    privateProfile && this.deps.signedMediaUrl
      ? this.deps.signedMediaUrl(mediaId)
      : publicMediaUrl(mediaId);

  /** How long the person's posts and messages may be (media checks recordings against them). */
  async voiceLimits(id: string): Promise<{ postDuration: number; dmDuration: number }> {
    const user = await this.find(id);
    return {
      postDuration: user?.limit_post_duration ?? 0,
      dmDuration: user?.limit_dm_duration ?? 0,
    };
  }

  find(id: string, tx?: Queryable): Promise<UserRow | undefined> {
    return this.deps.users.findById(id, tx);
  }

  /** Sign-in accepts an email or a username, case-insensitive. */
  findByLogin(login: string): Promise<UserRow | undefined> {
    return this.deps.users.findByLogin(login);
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.deps.users.findByEmail(email);
  }

  existing(email: string, username: string): Promise<{ email: boolean; username: boolean }> {
    return this.deps.users.existing(email, username);
  }

  /** Name, handle, picture and founder star of each person, for lists. */
  summaries(ids: string[]): Promise<Map<string, PersonSummary>> {
    return this.deps.users.summaries(ids);
  }

  /** A new account and its (empty) figures, in the caller's transaction. */
  async create(tx: Queryable, user: Omit<NewUser, 'created_at'>): Promise<UserRow> {
    const row = await this.deps.users.insert(tx, { ...user, created_at: this.deps.clock.now() });
    await this.deps.stats.create(tx, row.id);
    return row;
  }

  upsertDevice(
    userId: string,
    device: { id: string; name: string; type: string; os: string; browser: string },
    tx?: Queryable,
  ): Promise<void> {
    return this.deps.users.upsertDevice(userId, device, tx);
  }

  updatePassword(tx: Queryable, userId: string, passwordHash: string): Promise<void> {
    return this.deps.users.updatePassword(userId, passwordHash, tx);
  }

  bumpSessionEpoch(tx: Queryable, userId: string): Promise<void> {
    return this.deps.users.bumpSessionEpoch(tx, userId);
  }

  countFounders(tx?: Queryable): Promise<number> {
    return this.deps.users.countFounders(tx);
  }

  nextFounderId(tx: Queryable): Promise<number> {
    return this.deps.users.nextFounderId(tx);
  }

  /** The person's grants as stored now (read on every admin or moderation call). */
  grantsOf(id: string): Promise<(Grants & Pick<UserRow, 'status'>) | undefined> {
    return this.deps.users.grantsOf(id);
  }

  /** Grants or revokes admin rights of the person named `username`; undefined when none is. */
  setGrants(username: string, grants: Partial<Grants>): Promise<UserRow | undefined> {
    return this.deps.users.setGrants(username, grants);
  }

  /** Puts the person on `tier`, whose limits follow it (docs/product/limits-and-tiers.md). */
  setTier(id: string, tier: SupporterTier, paymentStatus: PaymentStatus, tx?: Queryable) {
    const limits = TIER_LIMITS[tier];
    return this.deps.users.setTier(
      id,
      {
        supporter_tier: tier,
        payment_status: paymentStatus,
        limit_quests: limits.quests,
        limit_post_duration: limits.postDuration,
        limit_dm_duration: limits.dmDuration,
      },
      tx,
    );
  }

  /** The full User for its owner; the public face for anyone else. One statement. */
  async getUser(viewerId: string, id: string): Promise<GetUserResponse> {
    const own = viewerId === id;
    const row = await this.deps.users.profile(
      id,
      own ? this.deps.referrals.monthStart() : null,
      own ? null : viewerId,
    );
    if (!row || row.status === 'Deleted') throw notFound('User not found');
    // Whether the stored run is still alive is judged in the person's own day.
    const stats = this.deps.stats.figuresOf(row, {
      now: this.deps.clock.now(),
      zone: row.timezone,
      dayStartHour: row.day_start_hour,
    });
    if (!own) return presentPublicUser(row, stats, this.#introUrl);
    return presentUser(row, stats, {
      introUrl: this.#introUrl,
      deviceIds: row.device_ids ?? [],
      quota: this.deps.referrals.quotaOf(
        {
          since: row.referrals_since ?? 0,
          total: row.referrals_total ?? 0,
          last: row.referrals_last,
        },
        row.limit_referrals_per_month,
      ),
    });
  }

  async setPreferences(userId: string, prefs: PreferencesRequest): Promise<User> {
    await this.deps.users.setPreferences(userId, prefs);
    return (await this.getUser(userId, userId)) as User;
  }
}
