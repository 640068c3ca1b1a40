import type { PostPage } from '@doers/contract';
import type { Clock } from '../../../platform/clock.js';
import { JsonText } from '../../../platform/json-text.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { MediaService } from '../../media/index.js';
import { FeedCache } from './feed-cache.js';
import { feedPageJson, type PeaksText } from './feed-json.js';
import { presentPost, type PresentMedia } from './post.presenter.js';
import type { TimelineRepository } from './timeline.repository.js';

export type PageQuery = { cursor?: string | undefined; limit: number };

/**
 * The feed's pages as readers get them: kept in memory (feed-cache.ts) or read from the timeline
 * in one statement and kept. Nothing outside the repositories tells the kept pages what changed:
 * the timeline, posts, comments, reactions and post-counters repositories do as they write, and
 * the events wired in app-events.ts (a profile changed, a post hidden) clear what they concern.
 */
export class FeedPagesRepository {
  constructor(
    private readonly deps: {
      timeline: TimelineRepository;
      media: MediaService;
      clock: Clock;
      cache: FeedCache;
    },
  ) {}

  /**
   * One page, newest first, as JSON: from memory when kept, else in one statement. The cursor is
   * the last entry's instant and post.
   */
  async page(readerId: string, query: PageQuery): Promise<JsonText<PostPage>> {
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
}
