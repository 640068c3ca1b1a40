import {
  ACCOUNT_DELETION_GRACE_DAYS,
  type AccountDeletion,
  type AccountDeletionRequest,
} from '@doers/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, conflict, unauthorized } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import type { Mailer } from '../../../platform/mailer.js';
import type { ObjectStorage } from '../../../platform/object-storage.js';
import { verifyPassword } from '../auth/passwords.js';
import type { BillingService } from '../../accounts/index.js';
import type { PostCountersRepository, TimelineRepository } from '../../social/index.js';
import type { DmsService, NotificationsService } from '../../messaging/index.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import type { MediaService } from '../../media/index.js';
import type { ReferralsService } from '../../people/index.js';
import type { QuestsService, StatsService, StreaksService } from '../../progress/index.js';
import type { AccountDeletionRepository } from '../../accounts/index.js';
import type { SessionsService } from '../../accounts/index.js';
import type { UsersService } from '../../accounts/index.js';
import { accountErasedMail, deletionScheduledMail } from './deletion-mails.js';
import type { ErasureRepository } from './erasure.repository.js';

const DAY_MS = 86_400_000;
/** Accounts erased per run of the job; the next run takes the rest. */
const BATCH = 20;

/**
 * Deleting an account (docs/product/your-data.md): deactivated at once, erased by the job
 * `accounts.erase` once the grace days are over, unless its person signs back in (auth cancels).
 */
export class ErasureService {
  constructor(
    private readonly deps: {
      db: Database;
      erasure: ErasureRepository;
      deletions: AccountDeletionRepository;
      users: UsersService;
      sessions: SessionsService;
      stats: StatsService;
      streaks: StreaksService;
      postCounters: PostCountersRepository;
      timeline: TimelineRepository;
      quests: QuestsService;
      moderation: ModerationService;
      dms: DmsService;
      notifications: NotificationsService;
      media: MediaService;
      referrals: ReferralsService;
      billing: BillingService;
      storage: ObjectStorage;
      events: EventBus;
      mailer: Mailer;
      clock: Clock;
      publicUrl: string;
      log: FastifyBaseLogger;
    },
  ) {}

  /** The person confirms with their password; from now on nobody sees them and they are out. */
  async request(userId: string, input: AccountDeletionRequest): Promise<AccountDeletion> {
    const { deps } = this;
    const user = await deps.users.find(userId);
    if (!user) throw unauthorized('Your session has expired');
    if (!(await verifyPassword(user.password_hash, input.password))) {
      throw badRequest('Your password is incorrect', [
        { field: 'password', message: 'Your password is incorrect' },
      ]);
    }
    // Before anything changes: a subscription that cannot be stopped must not go on charging
    // an account its person believes gone (the provider's error answers instead).
    await deps.billing.stopRenewing(userId);
    const now = deps.clock.now();
    const erasedAt = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
    const ended = await deps.db.transaction(async (tx) => {
      if (!(await deps.deletions.deactivate(tx, userId, erasedAt, now)))
        throw conflict('This account cannot be deleted now');
      // Nobody sees them now: their smiles, hums and comments leave others' posts' counters.
      await deps.postCounters.personLeft(tx, userId);
      const ended = await deps.sessions.endAll(tx, userId, now);
      // They may have been the GOAT; the boards leave out anyone not active.
      await deps.streaks.refreshGoat(tx);
      return ended;
    });
    for (const sessionId of ended)
      await deps.events.publish('session.ended', { userId, sessionId });
    await deps.events.publish('account.statusChanged', { userId });
    deps.log.info({ userId, erasedAt }, 'account deactivated for deletion');
    void deps.mailer
      .send(
        deletionScheduledMail(
          user.email,
          user.display_name || user.username,
          erasedAt,
          `${deps.publicUrl}/login`,
        ),
      )
      .catch((error: unknown) => deps.log.error({ err: error }, 'deletion mail not sent'));
    return { erasedAt: erasedAt.toISOString() };
  }

  /** The job: erases the accounts whose grace days are over. Answers how many it erased. */
  async eraseDue(): Promise<number> {
    let erased = 0;
    for (const id of await this.deps.deletions.due(this.deps.clock.now(), BATCH)) {
      if (await this.erase(id)) erased++;
    }
    return erased;
  }

  /**
   * One transaction: what the person's rows added to others' figures is taken back, shared
   * quests go to their first member, and the users row goes with every row that cascades from
   * it. The stored files go once it has committed. False when the account was no longer due.
   */
  async erase(userId: string): Promise<boolean> {
    const { deps } = this;
    const now = deps.clock.now();
    const done = await deps.streaks.retryOnStale(() =>
      deps.db.transaction(async (tx) => {
        const person = await deps.deletions.lockDue(tx, userId, now);
        if (!person) return undefined;
        const scope = await deps.erasure.scope(tx, userId);
        const removeFiles = await deps.media.removeForErasure(tx, userId, [
          { type: 'comment', ids: scope.commentIds },
          { type: 'dm', ids: scope.messageIds },
          { type: 'report', ids: scope.reportIds },
        ]);
        await deps.postCounters.vibesSentGone(tx, userId);
        await deps.stats.personErased(tx, userId);
        await deps.timeline.removeHumsBy(tx, userId);
        const heirs = await deps.quests.handOnQuestsOf(tx, userId);
        await deps.moderation.forgetInLog(tx, userId);
        await deps.dms.eraseConversations(tx, scope.conversationIds);
        await deps.referrals.keepErased(tx, userId);
        await deps.deletions.delete(tx, userId);
        await deps.notifications.refoldWithout(tx, userId);
        // Check-ins on the person's own quests went with them: those people's streaks change.
        for (const other of scope.checkedInOnDeletedQuests) {
          const row = await deps.users.find(other, tx);
          if (!row) continue;
          const local = { now, zone: row.timezone, dayStartHour: row.day_start_hour };
          await deps.streaks.recomputeStreak(tx, other, local);
        }
        await deps.stats.refreshQuestCounts(tx, [...heirs, ...scope.checkedInOnDeletedQuests]);
        await deps.streaks.refreshGoat(tx);
        return { person, removeFiles, exportIds: scope.exportIds };
      }),
    );
    if (!done) return false;
    await done.removeFiles();
    await Promise.all(
      done.exportIds.map((id) =>
        deps.storage.delete(`${id}.zip`).catch((error: unknown) => {
          deps.log.error({ err: error, exportId: id }, 'could not delete an export');
        }),
      ),
    );
    await deps.events.publish('account.statusChanged', { userId });
    deps.log.info({ userId }, 'account erased');
    const { email, display_name, username } = done.person;
    await deps.mailer
      .send(accountErasedMail(email, display_name || username))
      .catch((error: unknown) => deps.log.error({ err: error }, 'erasure mail not sent'));
    return true;
  }
}
