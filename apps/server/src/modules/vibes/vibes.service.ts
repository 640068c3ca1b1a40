import type { CreateVibeRequest, Vibe, ViberList } from '@doers/contract';
import type { Database, Queryable } from '../../db/database.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { decodeCursor, page } from '../../platform/pagination.js';
import type { EventBus } from '../../platform/events.js';
import type { StatsService } from '../stats/stats.service.js';
import type { UsersService } from '../users/users.service.js';
import type { VibesRepository } from './vibes.repository.js';

/** Vibes (docs/product/vibes.md): a reason sent to someone; the first starts vibing with them. */
export class VibesService {
  constructor(
    private readonly deps: {
      db: Database;
      vibes: VibesRepository;
      users: UsersService;
      stats: StatsService;
      events: EventBus;
    },
  ) {}

  async sendVibe(senderId: string, input: CreateVibeRequest): Promise<Vibe> {
    if (input.targetUserId === senderId) throw badRequest("You can't send a vibe to yourself");
    const target = await this.deps.users.find(input.targetUserId);
    if (!target || target.status !== 'Active') throw notFound('User not found');
    const vibe = await this.deps.db.transaction((tx) =>
      this.record(tx, {
        senderId,
        targetUserId: target.id,
        reason: input.vibeReason,
        postId: input.postId ?? null,
      }),
    );
    await this.deps.events.publish('vibe.sent', {
      vibeId: vibe.id,
      senderId,
      targetUserId: target.id,
      reason: vibe.vibeReason,
    });
    return vibe;
  }

  /** The people who vibe with me, newest first, and whether I vibe back (mutual). */
  async vibers(
    ownerId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<ViberList> {
    const rows = await this.deps.vibes.vibersOf(
      this.deps.db,
      ownerId,
      decodeCursor(query.cursor),
      query.limit,
    );
    const { items, nextCursor } = page(rows, query.limit, (r) => ({
      at: r.created_at,
      id: r.person.id,
    }));
    return {
      items: items.map((r) => ({
        user: r.person,
        vibesBack: r.vibes_back,
        since: r.created_at.toISOString(),
      })),
      nextCursor,
    };
  }

  /**
   * The owner removes a viber: that person no longer vibes with them, and so loses the owner's
   * vibers-only quests and check-ins at their next request. The owner's own vibing is untouched.
   */
  async removeViber(ownerId: string, viberId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const ended = await this.deps.vibes.stopVibingWith(tx, viberId, ownerId);
      if (!ended) throw notFound('This person does not vibe with you');
      await this.deps.stats.countVibingEnded(tx, viberId, ownerId);
    });
  }

  /**
   * I stop vibing with someone: the same row as their removing me as a viber, seen from my side.
   * I lose their vibers-only quests and check-ins at my next request; their vibing is untouched.
   */
  async stopVibing(userId: string, targetId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const ended = await this.deps.vibes.stopVibingWith(tx, userId, targetId);
      if (!ended) throw notFound('You do not vibe with this person');
      await this.deps.stats.countVibingEnded(tx, userId, targetId);
    });
  }

  /** A vibe and its counters, in the caller's transaction (the demo seed sends some too). */
  async record(
    tx: Queryable,
    v: { senderId: string; targetUserId: string; reason: string; postId: string | null },
  ): Promise<Vibe> {
    const row = await this.deps.vibes.insert(tx, v);
    const started = await this.deps.vibes.startVibingWith(tx, v.senderId, v.targetUserId);
    await this.deps.stats.countVibe(tx, v.senderId, v.targetUserId, started);
    return {
      id: row.id,
      senderId: row.sender_id,
      targetUserId: row.target_user_id,
      vibeReason: row.reason,
      postId: row.post_id,
      createdAt: row.created_at.toISOString(),
      startedVibingWith: started,
    };
  }
}
