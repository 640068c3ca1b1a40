import type {
  CreateVibeRequest,
  Vibe,
  VibeEntryPage,
  ViberList,
  VibingWithList,
} from '@doers/contract';
import type { Database, Queryable } from '../../../db/database.js';
import { badRequest, forbidden, notFound } from '../../../platform/errors.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { Clock } from '../../../platform/clock.js';
import type { EventBus } from '../../../platform/events.js';
import type { BlocksService } from '../../people/index.js';
import type { StatsService } from '../../progress/index.js';
import type { UsersService } from '../../accounts/index.js';
import type { VibesRepository, ViberRow } from './vibes.repository.js';

type PageQuery = { cursor?: string | undefined; limit: number };

/** Vibes (docs/product/vibes.md): a reason sent to someone; the first starts vibing with them. */
export class VibesService {
  constructor(
    private readonly deps: {
      db: Database;
      vibes: VibesRepository;
      users: UsersService;
      stats: StatsService;
      blocks: BlocksService;
      events: EventBus;
      clock: Clock;
    },
  ) {}

  async sendVibe(senderId: string, input: CreateVibeRequest): Promise<Vibe> {
    if (input.targetUserId === senderId) throw badRequest("You can't send a vibe to yourself");
    const target = await this.deps.users.find(input.targetUserId);
    if (!target || target.status !== 'Active') throw notFound('User not found');
    const vibe = await this.deps.db.transaction(async (tx) => {
      // The pair stays held until the vibe commits: no block can slip in beside it.
      if (await this.deps.blocks.isBlockedEitherWayForWrite(tx, senderId, target.id))
        throw forbidden("You can't send a vibe to this person");
      const vibe = await this.record(tx, {
        senderId,
        targetUserId: target.id,
        reason: input.vibeReason,
        postId: input.postId ?? null,
      });
      if (vibe.startedVibingWith) {
        await this.deps.events.record(tx, 'vibing.started', {
          userId: senderId,
          targetId: target.id,
        });
      }
      await this.deps.events.record(tx, 'vibe.sent', {
        vibeId: vibe.id,
        senderId,
        targetUserId: target.id,
        reason: vibe.vibeReason,
        postId: vibe.postId,
      });
      return vibe;
    });
    return vibe;
  }

  /** The people who vibe with me, newest first, and whether I vibe back (mutual). */
  async vibers(ownerId: string, query: PageQuery): Promise<ViberList> {
    const rows = await this.deps.vibes.vibersOf(
      this.deps.db,
      ownerId,
      decodeCursor(query.cursor),
      query.limit,
    );
    return presentPeople(rows, query.limit);
  }

  /** The people I vibe with, newest first, and whether they vibe back (mutual). */
  async vibing(ownerId: string, query: PageQuery): Promise<VibingWithList> {
    const rows = await this.deps.vibes.vibingOf(
      this.deps.db,
      ownerId,
      decodeCursor(query.cursor),
      query.limit,
    );
    return presentPeople(rows, query.limit);
  }

  /** Vibes sent to me (`received`) or by me (`sent`), newest first. */
  async entries(
    ownerId: string,
    direction: 'received' | 'sent',
    query: PageQuery,
  ): Promise<VibeEntryPage> {
    const rows = await this.deps.vibes.entriesOf(
      this.deps.db,
      ownerId,
      direction,
      decodeCursor(query.cursor),
      query.limit,
    );
    const { items, nextCursor } = page(rows, query.limit, (r) => ({ at: r.created_at, id: r.id }));
    return {
      items: items.map((r) => ({
        id: r.id,
        user: r.person,
        vibeReason: r.reason,
        postId: r.post_id,
        createdAt: r.created_at.toISOString(),
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
      await this.deps.events.record(tx, 'vibing.ended', { userId: viberId, targetId: ownerId });
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
      await this.deps.events.record(tx, 'vibing.ended', { userId, targetId });
    });
  }

  /**
   * What a block ends here (registered with blocks.onBlock, run in the block's transaction):
   * vibing both ways, with the counters and a `vibing.ended` for each.
   */
  async endVibingBetween(tx: Queryable, a: string, b: string): Promise<void> {
    for (const [userId, targetId] of [
      [a, b],
      [b, a],
    ] as const) {
      if (await this.deps.vibes.stopVibingWith(tx, userId, targetId)) {
        await this.deps.stats.countVibingEnded(tx, userId, targetId);
        await this.deps.events.record(tx, 'vibing.ended', { userId, targetId });
      }
    }
  }

  /** A vibe and its counters, in the caller's transaction (the demo seed sends some too). */
  async record(
    tx: Queryable,
    v: { senderId: string; targetUserId: string; reason: string; postId: string | null },
  ): Promise<Vibe> {
    const at = this.deps.clock.now();
    const row = await this.deps.vibes.insert(tx, v, at);
    const started = await this.deps.vibes.startVibingWith(tx, v.senderId, v.targetUserId, at);
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

/** A page of people with whether the relation is mutual and since when. */
function presentPeople(rows: ViberRow[], limit: number) {
  const { items, nextCursor } = page(rows, limit, (r) => ({ at: r.created_at, id: r.person.id }));
  return {
    items: items.map((r) => ({
      user: r.person,
      vibesBack: r.vibes_back,
      since: r.created_at.toISOString(),
    })),
    nextCursor,
  };
}
