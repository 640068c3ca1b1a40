import type { PostPage } from '@doers/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../../../platform/events.js';
import type { Clock } from '../../../platform/clock.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { MediaService } from '../../media/index.js';
import { JsonText } from '../../../platform/json-text.js';
import { FeedCache } from './feed-cache.js';
import { feedPageJson, type PeaksText } from './feed-json.js';
import { presentPost, type PresentMedia } from './post.presenter.js';
import type { TimelineRepository } from './timeline.repository.js';

/** How many entries a reader's timeline keeps; older pages are read from posts (decision 10). */
export const TIMELINE_DEPTH = 500;
/** Readers trimmed per batch of the hourly job. */
const TRIM_BATCH = 100;

type PageQuery = { cursor?: string | undefined; limit: number };

/**
 * The feed (docs/product/posts-and-feed.md#the-feed), read from each reader's timeline, which
 * posts and hums write into; the timeline follows vibing and blocks through their events.
 */
export class FeedService {
  constructor(
    private readonly deps: {
      timeline: TimelineRepository;
      media: MediaService;
      log: FastifyBaseLogger;
      /** Entries kept per reader (TIMELINE_DEPTH unless a test says otherwise). */
      depth?: number;
      clock: Clock;
      /** Pages in memory, told of every change by the writers (feed-cache.ts). */
      cache: FeedCache;
    },
  ) {}

  get depth(): number {
    return this.deps.depth ?? TIMELINE_DEPTH;
  }

  /**
   * One page, newest first, as JSON: from memory when kept, else in one statement. The cursor is
   * the last entry's instant and post.
   */
  async feed(readerId: string, query: PageQuery): Promise<JsonText<PostPage>> {
    const cache = this.deps.cache;
    const key = FeedCache.key(readerId, query.cursor, query.limit);
    const kept = cache.get(key, this.deps.clock.now().getTime());
    if (kept !== undefined) return new JsonText(kept);
    const version = cache.version;
    const { fresh, peaks, ownCounts } = await this.#read(readerId, query);
    const json = feedPageJson(fresh, peaks);
    // A reader behind a block sees counters of their own (post-counts.sql.ts), which the
    // patches told to the cache, made for everyone, would not keep right.
    if (!ownCounts) {
      const now = this.deps.clock.now().getTime();
      cache.fill(key, { readerId, page: fresh, peaks, json }, version, now);
    }
    return new JsonText(json);
  }

  /** The page, its voice notes' peaks apart as PostgreSQL's text (feed-json.ts). */
  async #read(
    readerId: string,
    query: PageQuery,
  ): Promise<{ fresh: PostPage; peaks: PeaksText; ownCounts: boolean }> {
    const rows = await this.deps.timeline.page(readerId, decodeCursor(query.cursor), query.limit);
    const { items, nextCursor } = page(rows, query.limit, (r) => ({ at: r.at, id: r.id }));
    const peaks = new Map<string, string>();
    const present: PresentMedia = (m) => this.deps.media.present(m);
    const posts = items.map((r) => {
      if (r.voice_waveform !== null) peaks.set(r.id, r.voice_waveform);
      return presentPost({ ...r, voice_waveform: null }, readerId, present, r.hummed_by);
    });
    const ownCounts = rows.some((r) => r.reader_blocks);
    return { fresh: { items: posts, nextCursor }, peaks, ownCounts };
  }

  /** A new viber sees the newest posts of the person they vibe with; mutual, both ways. */
  async vibingStarted(e: DomainEvents['vibing.started']): Promise<void> {
    await this.deps.timeline.backfill(e.userId, e.targetId);
    // Now mutual, perhaps: the target, who vibes with them, may see their vibers-only posts.
    await this.deps.timeline.backfill(e.targetId, e.userId);
    this.deps.cache.forgetReaders([e.userId, e.targetId]);
  }

  async vibingEnded(e: DomainEvents['vibing.ended']): Promise<void> {
    await this.deps.timeline.vibingEnded(e.userId, e.targetId);
    this.deps.cache.forgetReaders([e.userId, e.targetId]);
  }

  async userBlocked(e: DomainEvents['user.blocked']): Promise<void> {
    await this.deps.timeline.blocked(e.blockerId, e.blockedId);
    this.deps.cache.forgetReaders([e.blockerId, e.blockedId]);
  }

  /** A person's name, picture or halo changed: any kept page may show them. */
  profileChanged(): void {
    this.deps.cache.clear();
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
    if (trimmed) this.deps.cache.forgetReaders(done);
    if (trimmed) this.deps.log.info({ trimmed }, 'trimmed feed timelines');
    return { trimmed };
  }
}
