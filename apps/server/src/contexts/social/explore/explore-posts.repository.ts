import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import { notBlockedBetween } from '../../people/index.js';
import { postCardColumns, postCardJoins, type PostCardRow } from '../posts/post-card.sql.js';

export type ExplorePostsFilter = {
  cursor: Cursor | null;
  /** Only posts by people who chose this interest. */
  interestId: string | null;
  /** Start at this post (included) and go older. */
  fromPostId: string | null;
};

/**
 * Explore's recent public posts: reads posts (with the card's joins), user_interests and blocks,
 * writes nothing. One statement per page: it walks posts_public_idx (created_at DESC, id DESC,
 * public only) newest first and stops at the page's end, probing the blocks and, for an interest,
 * user_interests' primary key on the way.
 */
export class ExplorePostsRepository {
  constructor(private readonly db: Queryable) {}

  async page(viewerId: string, filter: ExplorePostsFilter, limit: number): Promise<PostCardRow[]> {
    return this.db.query<PostCardRow>(
      `SELECT ${postCardColumns('p', '$1::uuid')}
         FROM posts p ${postCardJoins('p')}
        WHERE p.visibility = 'public' AND p.hidden_at IS NULL AND pa.status = 'Active'
          AND ${notBlockedBetween('$1::uuid', 'p.author_id')}
          AND ($2::timestamptz IS NULL OR (p.created_at, p.id) < ($2::timestamptz, $3::uuid))
          AND ($4::uuid IS NULL OR (p.created_at, p.id) <=
                (SELECT f.created_at, f.id FROM posts f WHERE f.id = $4::uuid))
          AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM user_interests ui
                WHERE ui.user_id = p.author_id AND ui.interest_id = $5::text))
        ORDER BY p.created_at DESC, p.id DESC LIMIT $6`,
      [
        viewerId,
        filter.cursor?.at ?? null,
        filter.cursor?.id ?? null,
        filter.fromPostId,
        filter.interestId,
        limit + 1,
      ],
    );
  }
}
