import type { BlockedUserPage } from '@doers/contract';
import type { Database, Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, notFound } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { BlocksRepository } from './blocks.repository.js';

/**
 * What a block ends, registered by a module above blocks (vibes: vibing both ways). It runs
 * inside the block's transaction, so the block, all it ends and the events it records commit
 * together.
 */
export type BlockHook = (tx: Queryable, blockerId: string, blockedId: string) => Promise<void>;

/** Blocking (docs/product/blocking.md): who blocked whom, and the either-way check. */
export class BlocksService {
  readonly #hooks: BlockHook[] = [];

  constructor(
    private readonly deps: {
      db: Database;
      blocks: BlocksRepository;
      clock: Clock;
      events: EventBus;
    },
  ) {}

  /** A module above says what a block ends (wired in app.ts). */
  onBlock(hook: BlockHook): void {
    this.#hooks.push(hook);
  }

  /** Blocking someone already blocked changes nothing and is not an error. */
  async block(blockerId: string, blockedId: string): Promise<void> {
    if (blockerId === blockedId) throw badRequest("You can't block yourself");
    await this.assertPerson(blockedId);
    await this.deps.db.transaction(async (tx) => {
      await this.deps.blocks.lockPair(tx, blockerId, blockedId);
      const created = await this.deps.blocks.insert(
        tx,
        blockerId,
        blockedId,
        this.deps.clock.now(),
      );
      if (!created) return;
      for (const hook of this.#hooks) await hook(tx, blockerId, blockedId);
      await this.deps.events.record(tx, 'user.blocked', { blockerId, blockedId });
    });
  }

  /** Lifting a block that is not there is not an error either (unless there is no such person). */
  async unblock(blockerId: string, blockedId: string): Promise<void> {
    if (await this.deps.blocks.remove(blockerId, blockedId)) return;
    if (blockerId !== blockedId) await this.assertPerson(blockedId);
  }

  /** The people I blocked, newest first. */
  async list(
    blockerId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<BlockedUserPage> {
    const rows = await this.deps.blocks.blockedBy(
      blockerId,
      decodeCursor(query.cursor),
      query.limit,
    );
    const { items, nextCursor } = page(rows, query.limit, (r) => ({
      at: r.created_at,
      id: r.person.id,
    }));
    return {
      items: items.map((r) => ({ user: r.person, since: r.created_at.toISOString() })),
      nextCursor,
    };
  }

  /** True when either of the two blocked the other. */
  isBlockedEitherWay(a: string, b: string, db: Queryable = this.deps.db): Promise<boolean> {
    return this.deps.blocks.eitherWay(db, a, b);
  }

  /**
   * For a write between two people (a vibe): holds the pair until `tx` ends, so that a block
   * cannot commit beside it, then says whether either blocked the other.
   */
  async isBlockedEitherWayForWrite(tx: Queryable, a: string, b: string): Promise<boolean> {
    await this.deps.blocks.lockPair(tx, a, b);
    return this.deps.blocks.eitherWay(tx, a, b);
  }

  private async assertPerson(userId: string): Promise<void> {
    const status = await this.deps.blocks.statusOf(userId);
    if (!status || status === 'Deleted') throw notFound('User not found');
  }
}
