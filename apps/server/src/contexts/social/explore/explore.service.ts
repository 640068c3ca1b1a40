import type { PostPage, SearchResults } from '@doers/contract';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { MediaRow, MediaService } from '../../media/index.js';
import { presentPost } from '../posts/post.presenter.js';
import type { ExplorePostsRepository } from './explore-posts.repository.js';
import type { SearchRepository } from './search.repository.js';

/** Explore (docs/product/explore.md): search as one types, and recent public posts. */
export class ExploreService {
  constructor(
    private readonly deps: {
      search: SearchRepository;
      posts: ExplorePostsRepository;
      media: MediaService;
    },
  ) {}

  /**
   * People, quests and interests matching `q` (trimmed by the contract) that the viewer may see,
   * and public posts whose transcripts said its words.
   */
  async search(viewerId: string, query: { q: string; limit: number }): Promise<SearchResults> {
    const found = await this.deps.search.search(viewerId, query.q, query.limit);
    const present = (m: MediaRow) => this.deps.media.present(m);
    const posts = found.posts.map((r) =>
      presentPost({ ...r, created_at: new Date(r.created_at) }, viewerId, present),
    );
    return { ...found, posts };
  }

  /** Recent public posts, newest first; of one interest; or from one post on (the swipe feed). */
  async posts(
    viewerId: string,
    query: {
      cursor?: string | undefined;
      limit: number;
      interest?: string | undefined;
      from?: string | undefined;
    },
  ): Promise<PostPage> {
    const rows = await this.deps.posts.page(
      viewerId,
      {
        cursor: decodeCursor(query.cursor),
        interestId: query.interest ?? null,
        fromPostId: query.from ?? null,
      },
      query.limit,
    );
    const paged = page(rows, query.limit, (r) => ({ at: r.created_at, id: r.id }));
    return {
      items: paged.items.map((r) => presentPost(r, viewerId, (m) => this.deps.media.present(m))),
      nextCursor: paged.nextCursor,
    };
  }
}
