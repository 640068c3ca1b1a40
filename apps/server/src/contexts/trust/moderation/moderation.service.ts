import type {
  AuditEntry,
  AuditPage,
  createReportRequest,
  Media,
  ModerationActionRequest,
  moderationActionRequest,
  ModerationQueue,
  pageQuery,
  Report,
  ReportPage,
  ReportTarget,
} from '@doers/contract';
import type { z } from 'zod';
import type { Database, Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { AdminGuard } from '../admin/admin-guard.js';
import type { MediaService } from '../../media/index.js';
import type { PostCountersRepository } from '../../social/index.js';
import { mediaRowOf } from '../../social/index.js';
import type { SessionsService } from '../../accounts/index.js';
import type { UsersService } from '../../accounts/index.js';
import type { AuditRow, ModerationRepository, ReportRow } from './moderation.repository.js';

const DAY_MS = 86_400_000;
const QUEUE_SIZE = 50;

const THING: Record<ReportTarget, string> = {
  post: 'post',
  comment: 'voice comment',
  dm: 'voice message',
  user: 'account',
};

/** Whether the reporter may see what they report (the modules that own each thing decide). */
export type SeesRule = (viewerId: string, id: string) => Promise<boolean>;

/**
 * Reports and the moderation console (docs/product/safety.md). Anyone reports what they can see;
 * people with moderation tools act on it, each action written to the append-only audit log in
 * the same transaction, the reporters and the person concerned told.
 */
export class ModerationService {
  constructor(
    private readonly deps: {
      db: Database;
      moderation: ModerationRepository;
      guard: AdminGuard;
      users: UsersService;
      sessions: SessionsService;
      media: MediaService;
      postCounters: PostCountersRepository;
      events: EventBus;
      clock: Clock;
      sees: Record<Exclude<ReportTarget, 'user'>, SeesRule>;
    },
  ) {}

  async report(reporterId: string, input: z.output<typeof createReportRequest>): Promise<Report> {
    const { targetType, targetId } = input;
    const owner = await this.deps.moderation.ownerOf(targetType, targetId);
    const visible =
      owner !== null &&
      (targetType === 'user' || (await this.deps.sees[targetType](reporterId, targetId)));
    if (!visible) throw notFound(`That ${THING[targetType]} was not found`);
    if (owner === reporterId)
      throw badRequest(
        targetType === 'user'
          ? 'You cannot report yourself'
          : `You cannot report your own ${THING[targetType]}`,
      );
    const voiceMediaId = input.voiceMediaId ?? null;
    return this.deps.db.transaction(async (tx) => {
      const row = await this.deps.moderation.insertReport(tx, {
        reporterId,
        targetType,
        targetId,
        targetUserId: owner,
        category: input.category,
        note: input.note,
        at: this.deps.clock.now(),
      });
      if (!row) throw conflict(`You already reported this ${THING[targetType]}`);
      if (!voiceMediaId) return this.#presentReport(row);
      // The reporter's own upload made for a report: media checks whose it is, that it is a voice
      // note by its bytes (at upload) and that nothing else uses it. It stays their media row, so
      // it goes with their account; no access rule is registered for 'report', so besides them
      // only whoever holds a signed URL (moderators, from the queue) can play it.
      const voice = await this.deps.media.attach(tx, {
        mediaId: voiceMediaId,
        ownerId: reporterId,
        type: 'report',
        attachedId: row.id,
        isPublic: false,
        purpose: 'report',
        kinds: ['voice'],
      });
      await this.deps.moderation.setVoice(tx, row.id, voiceMediaId);
      return this.#presentReport(row, voice);
    });
  }

  async myReports(reporterId: string, query: z.output<typeof pageQuery>): Promise<ReportPage> {
    const limit = query.limit;
    const rows = await this.deps.moderation.myReports(
      reporterId,
      decodeCursor(query.cursor),
      limit,
    );
    const p = page(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
    return { items: p.items.map((r) => this.#presentReport(r)), nextCursor: p.nextCursor };
  }

  async queue(moderatorId: string): Promise<ModerationQueue> {
    await this.deps.guard.require(moderatorId, 'moderation');
    const rows = await this.deps.moderation.queue(QUEUE_SIZE);
    const actions = await this.deps.moderation.actionsAbout([
      ...new Set(rows.map((r) => r.target_user_id)),
    ]);
    return {
      items: rows.map((r) => ({
        targetType: r.target_type,
        targetId: r.target_id,
        targetUser: r.target_user,
        voice: r.voice ? this.deps.media.present(mediaRowOf(r.voice)) : null,
        gone: r.target_type !== 'user' && !r.voice,
        reportCount: r.report_count,
        latestAt: new Date(r.latest_at).toISOString(),
        reports: r.reports.map((x) => ({
          ...x,
          // A moderator reported about never hears what the reporters said of them.
          voice:
            x.voice && r.target_user_id !== moderatorId
              ? this.deps.media.present(mediaRowOf(x.voice))
              : null,
          createdAt: new Date(x.createdAt).toISOString(),
        })),
        history: {
          reports: r.earlier_reports,
          actions: actions
            .filter((a) => a.target_user_id === r.target_user_id)
            .slice(0, 10)
            .map(presentAudit),
        },
      })),
    };
  }

  async audit(moderatorId: string, query: z.output<typeof pageQuery>): Promise<AuditPage> {
    await this.deps.guard.require(moderatorId, 'moderation');
    const limit = query.limit;
    const rows = await this.deps.moderation.audit(decodeCursor(query.cursor), limit);
    const p = page(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
    return { items: p.items.map(presentAudit), nextCursor: p.nextCursor };
  }

  /**
   * Hide, warn, suspend or dismiss, in one transaction with its audit entry and the closing of
   * the open reports on the thing; then the reporters and the person are told.
   */
  async act(
    moderatorId: string,
    input: z.output<typeof moderationActionRequest>,
  ): Promise<AuditEntry> {
    await this.deps.guard.require(moderatorId, 'moderation');
    const { targetType, targetId, action, reason } = input;
    const now = this.deps.clock.now();
    const ownerId = await this.deps.moderation.ownerOf(targetType, targetId);
    if (!ownerId) throw notFound(`That ${THING[targetType]} was not found`);
    // Nobody judges their own case, not even to dismiss it; and the people who moderate are
    // answerable to an admin, not to each other.
    if (ownerId === moderatorId)
      throw forbidden('Ask another moderator to act on your own content or account');
    await this.#requireAdminOverGrantHolder(moderatorId, ownerId);
    const suspendedUntil =
      action === 'suspend' && input.days ? new Date(now.getTime() + input.days * DAY_MS) : null;

    const outcome = outcomeOf(action, targetType);
    const entryId = await this.deps.db.transaction(async (tx) => {
      let ended: string[] = [];
      if (action === 'hide' && targetType !== 'user') {
        if (!(await this.deps.moderation.hide(tx, targetType, targetId, now)))
          throw conflict(`That ${THING[targetType]} is hidden or gone already`);
        if (targetType === 'comment') await this.deps.postCounters.commentHidden(tx, targetId);
      }
      if (action === 'suspend') {
        await this.deps.moderation.suspend(tx, ownerId, suspendedUntil, reason);
        // Access tokens stop at the next call; refresh tokens are revoked.
        await this.deps.users.bumpSessionEpoch(tx, ownerId);
        ended = await this.deps.sessions.endAll(tx, ownerId, now);
      }
      const id = await this.deps.moderation.log(tx, {
        moderatorId,
        action,
        targetType,
        targetId,
        targetUserId: ownerId,
        reason,
        suspendedUntil,
        at: now,
      });
      const reporters = await this.deps.moderation.resolve(
        tx,
        { type: targetType, id: targetId },
        { status: action === 'dismiss' ? 'dismissed' : 'actioned', outcome, at: now },
      );
      for (const r of reporters)
        await this.deps.events.record(tx, 'report.resolved', {
          reportId: r.id,
          reporterId: r.reporter_id,
          outcome,
        });
      if (action !== 'dismiss')
        await this.deps.events.record(tx, 'moderation.acted', {
          userId: ownerId,
          action,
          targetType,
          reason,
        });
      for (const sessionId of ended)
        await this.deps.events.record(tx, 'session.ended', { userId: ownerId, sessionId });
      return id;
    });

    if (action === 'hide' && targetType === 'post')
      await this.deps.events.publish('post.hidden', { postId: targetId });
    return presentAudit(await this.deps.moderation.entry(this.deps.db, entryId));
  }

  /** An admin ends a suspension before its time (or one without an end), with a reason. */
  async liftSuspension(adminId: string, userId: string, reason: string): Promise<AuditEntry> {
    await this.deps.guard.require(adminId, 'admin');
    if (adminId === userId) throw forbidden('Ask another admin to lift your own suspension');
    const now = this.deps.clock.now();
    const entryId = await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.moderation.lift(tx, userId)))
        throw conflict('That person is not suspended');
      return this.deps.moderation.log(tx, {
        moderatorId: adminId,
        action: 'lift',
        targetType: 'user',
        targetId: userId,
        targetUserId: userId,
        reason,
        suspendedUntil: null,
        at: now,
      });
    });
    return presentAudit(await this.deps.moderation.entry(this.deps.db, entryId));
  }

  /** Acting on someone with moderation tools or admin access takes an admin. */
  async #requireAdminOverGrantHolder(actorId: string, ownerId: string): Promise<void> {
    const owner = await this.deps.users.grantsOf(ownerId);
    if (!owner?.admin_access && !owner?.moderation_tools) return;
    const actor = await this.deps.users.grantsOf(actorId);
    if (!actor?.admin_access)
      throw forbidden('Only an admin can act on someone who moderates or administers Doers');
  }

  /** The `moderation.liftSuspensions` job: suspensions whose time is over end. */
  async liftEndedSuspensions(): Promise<number> {
    const lifted = await this.deps.moderation.liftEnded(this.deps.clock.now());
    return lifted.length;
  }

  #presentReport(r: ReportRow, voice?: Media): Report {
    return {
      id: r.id,
      targetType: r.target_type,
      targetId: r.target_id,
      category: r.category,
      note: r.note,
      voice: voice ?? (r.voice ? this.deps.media.present(mediaRowOf(r.voice)) : null),
      status: r.status,
      outcome: r.outcome,
      createdAt: r.created_at.toISOString(),
      resolvedAt: r.resolved_at?.toISOString() ?? null,
    };
  }

  /** A person is being erased: the log forgets them (moderation.repository.ts, forgetInLog). */
  forgetInLog(tx: Queryable, userId: string): Promise<void> {
    return this.deps.moderation.forgetInLog(tx, userId);
  }
}

/** What the reporters are told, in words. */
function outcomeOf(action: ModerationActionRequest['action'], type: ReportTarget): string {
  switch (action) {
    case 'hide':
      return `The ${THING[type]} you reported was hidden.`;
    case 'warn':
      return 'The person was warned.';
    case 'suspend':
      return 'The account was suspended.';
    case 'dismiss':
      return 'The team looked and found it within the Terms, so it stays.';
  }
}

function presentAudit(a: AuditRow): AuditEntry {
  return {
    id: a.id,
    moderator: a.moderator,
    // An erased moderator's entries keep the pseudonym erasure gave them (a short form of it).
    formerModerator: !a.moderator && a.moderator_id ? `#${a.moderator_id.slice(0, 8)}` : null,
    action: a.action,
    targetType: a.target_type,
    targetId: a.target_id,
    targetUser: a.target_user,
    targetSuspended: a.target_suspended,
    reason: a.reason,
    suspendedUntil: a.suspended_until ? new Date(a.suspended_until).toISOString() : null,
    createdAt: new Date(a.created_at).toISOString(),
  };
}
