import type { ReactionState, ReactorPage } from '@doers/contract';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, notFound } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { StatsService } from '../../progress/index.js';
import { countsSeen } from './post.presenter.js';
import type { PostsRepository } from './posts.repository.js';
import type { Reaction, ReactionsRepository, SmileChange } from './reactions.repository.js';
import type { TimelineRepository } from './timeline.repository.js';

type PageQuery = { cursor?: string | undefined; limit: number };

/**
 * Smiles and hums (docs/product/posts-and-feed.md#reactions). Each is a toggle: setting it twice
 * is one smile, taking it back twice is none. The post's counter, the figures and (for a hum)
 * the hummer's vibers' timelines change in the toggle's transaction.
 */
export class ReactionsService {
  constructor(
    private readonly deps: {
      db: Database;
      posts: PostsRepository;
      reactions: ReactionsRepository;
      timeline: TimelineRepository;
      stats: StatsService;
      events: EventBus;
      clock: Clock;
    },
  ) {}

  smile(userId: string, postId: string): Promise<ReactionState> {
    return this.#smile({ userId, postId, on: true });
  }

  unsmile(userId: string, postId: string): Promise<ReactionState> {
    return this.#smile({ userId, postId, on: false });
  }

  hum(userId: string, postId: string): Promise<ReactionState> {
    return this.#toggle('hum', userId, postId, true);
  }

  unhum(userId: string, postId: string): Promise<ReactionState> {
    return this.#toggle('hum', userId, postId, false);
  }

  /** Who smiled at (or hummed) a post, newest first. */
  async reactors(
    reaction: Reaction,
    viewerId: string,
    postId: string,
    query: PageQuery,
  ): Promise<ReactorPage> {
    const rows = await this.deps.reactions.reactors(
      reaction,
      postId,
      viewerId,
      decodeCursor(query.cursor),
      query.limit,
    );
    if (!rows) throw notFound('Post not found');
    const { items, nextCursor } = page(rows, query.limit, (r) => ({ at: r.at, id: r.user.id }));
    return { items: items.map((r) => ({ user: r.user, at: r.at.toISOString() })), nextCursor };
  }

  async #smile(change: SmileChange): Promise<ReactionState> {
    const { userId, postId } = change;
    const row = await this.deps.reactions.smile(change);
    if (!row.found) throw notFound('Post not found');
    if (row.event_id) {
      const payload = { postId, authorId: row.author_id, userId };
      await this.deps.events.deliver([
        { id: row.event_id, name: 'post.smiled', payload, done: [] },
      ]);
    }
    return { smiled: row.smiled, hummed: row.hummed, counts: countsSeen(row) };
  }

  /** Hums change timelines as well: one transaction each. */
  async #toggle(
    reaction: Reaction,
    userId: string,
    postId: string,
    on: boolean,
  ): Promise<ReactionState> {
    const at = this.deps.clock.now();
    const state = await this.deps.db.transaction(async (tx) => {
      const post = await this.deps.posts.visibleFacts(tx, postId, userId);
      if (!post) throw notFound('Post not found');
      if (reaction === 'hum' && on) {
        if (post.author_id === userId) throw badRequest("You can't hum your own post");
        if (post.visibility !== 'public') throw badRequest('Only public posts can be hummed');
      }
      const state = await this.deps.reactions.toggle(tx, { reaction, postId, userId, on, at });
      if (state.changed) {
        const delta = on ? 1 : -1;
        await this.deps.stats.countReaction(tx, {
          kind: reaction,
          authorId: post.author_id,
          userId,
          delta,
        });
        if (reaction === 'hum' && on) {
          await this.deps.timeline.fanOutHum(tx, {
            postId,
            authorId: post.author_id,
            hummerId: userId,
            at,
          });
        } else if (reaction === 'hum') {
          await this.deps.timeline.removeHum(tx, postId, userId);
        }
      }
      if (state.changed && on) {
        const event = reaction === 'smile' ? 'post.smiled' : 'post.hummed';
        await this.deps.events.record(tx, event, { postId, authorId: post.author_id, userId });
      }
      return state;
    });
    return { smiled: state.smiled, hummed: state.hummed, counts: countsSeen(state) };
  }
}
