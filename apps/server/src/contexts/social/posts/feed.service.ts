import type { PostPage } from '@doers/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../../../platform/events.js';
import type { JsonText } from '../../../platform/json-text.js';
import type { FeedPagesRepository, PageQuery } from './feed-pages.repository.js';
import type { TimelineRepository } from './timeline.repository.js';

/** How many entries a reader's timeline keeps; older pages are read from posts (decision 10). */
export const TIMELINE_DEPTH = 500;
/** Readers trimmed per batch of the hourly job. */
const TRIM_BATCH = 100;

/**
 * The feed (docs/product/posts-and-feed.md#the-feed), read from each reader's timeline, which
 * posts and hums write into; the timeline follows vibing and blocks through their events.
 */
export class FeedService {
  constructor(
    private readonly deps: {
      timeline: TimelineRepository;
      log: FastifyBaseLogger;
      /** Entries kept per reader (TIMELINE_DEPTH unless a test says otherwise). */
      depth?: number;
      /** The feed's pages as readers get them (feed-pages.repository.ts). */
      pages: FeedPagesRepository;
    },
  ) {}

  get depth(): number {
    return this.deps.depth ?? TIMELINE_DEPTH;
  }

  /** One page, newest first, as JSON: from memory when kept, else in one statement. */
  feed(readerId: string, query: PageQuery): Promise<JsonText<PostPage>> {
    return this.deps.pages.page(readerId, query);
  }

  /** A new viber sees the newest posts of the person they vibe with; mutual, both ways. */
  async vibingStarted(e: DomainEvents['vibing.started']): Promise<void> {
    await this.deps.timeline.backfill(e.userId, e.targetId);
    // Now mutual, perhaps: the target, who vibes with them, may see their vibers-only posts.
    await this.deps.timeline.backfill(e.targetId, e.userId);
  }

  async vibingEnded(e: DomainEvents['vibing.ended']): Promise<void> {
    await this.deps.timeline.vibingEnded(e.userId, e.targetId);
  }

  async userBlocked(e: DomainEvents['user.blocked']): Promise<void> {
    await this.deps.timeline.blocked(e.blockerId, e.blockedId);
  }

  /** The hourly job: timelines longer than the depth are cut back, a batch at a time. */
  async trimTimelines(): Promise<{ trimmed: number }> {
    // Entries at the cut's very instant all stay, so a reader may still be "long" afterwards:
    // each is trimmed once a run.
    const done = new Set<string>();
    for (;;) {
      const readers = (
        await this.deps.timeline.longTimelines(this.depth, TRIM_BATCH + done.size)
      ).filter((reader) => !done.has(reader));
      for (const reader of readers) {
        await this.deps.timeline.trim(reader, this.depth);
        done.add(reader);
      }
      if (readers.length < TRIM_BATCH) break;
    }
    const trimmed = done.size;
    if (trimmed) this.deps.log.info({ trimmed }, 'trimmed feed timelines');
    return { trimmed };
  }
}
