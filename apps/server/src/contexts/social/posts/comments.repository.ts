import type { PersonSummary } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import type { FeedCache } from './feed-cache.js';
import type { MediaJson } from './post-card.sql.js';
import { notBlockedEitherWay, postVisibleTo } from './post-visibility.js';
import { voiceJson, type Shown } from '../../media/index.js';

export type CommentRow = {
  id: string;
  post_id: string;
  post_author_id: string;
  author: PersonSummary;
  voice: MediaJson;
  created_at: Date;
};

/** What deleting a comment needs to know. */
export type CommentFacts = { id: string; author_id: string; post_author_id: string };

/** comments, and comment_count on posts. */
export class CommentsRepository {
  constructor(
    private readonly db: Queryable,
    private readonly pages: FeedCache,
  ) {}

  /** Inserts the comment and counts it on its post. */
  async insert(
    tx: Queryable,
    c: { id: string; postId: string; authorId: string; voiceMediaId: string; at: Date },
  ): Promise<void> {
    await tx.query(
      `WITH c AS (INSERT INTO comments (id, post_id, author_id, voice_media_id, created_at)
                  VALUES ($1, $2, $3, $4, $5) RETURNING post_id)
       UPDATE posts SET comment_count = comment_count + 1 WHERE id = (SELECT post_id FROM c)`,
      [c.id, c.postId, c.authorId, c.voiceMediaId, c.at],
    );
    this.pages.changed(tx, { op: 'post', id: c.postId });
  }

  /** Locks the comment of that post; undefined when it is gone. */
  async facts(tx: Queryable, postId: string, commentId: string): Promise<CommentFacts | undefined> {
    const rows = await tx.query<CommentFacts>(
      `SELECT c.id, c.author_id, p.author_id AS post_author_id
         FROM comments c JOIN posts p ON p.id = c.post_id
        WHERE c.id = $1 AND c.post_id = $2 FOR UPDATE OF c`,
      [commentId, postId],
    );
    return rows[0];
  }

  async delete(tx: Queryable, commentId: string): Promise<void> {
    const rows = await tx.query<{ post_id: string }>(
      // A hidden comment left the count when it was hidden (PostCountersRepository).
      `WITH c AS (DELETE FROM comments WHERE id = $1 RETURNING post_id, hidden_at)
       UPDATE posts SET comment_count = greatest(comment_count - 1, 0)
        WHERE id = (SELECT post_id FROM c WHERE hidden_at IS NULL)
       RETURNING (SELECT post_id FROM c) AS post_id`,
      [commentId],
    );
    if (rows[0]) this.pages.changed(tx, { op: 'post', id: rows[0].post_id });
  }

  /** Whether `viewerId` may hear a comment: they may see its post and neither blocked its author. */
  /** How far the comment is shown now: as its post, unless it or its author is gone. */
  async shown(commentId: string): Promise<Shown> {
    const rows = await this.db.query<{ visibility: string }>(
      `SELECT p.visibility FROM comments c JOIN posts p ON p.id = c.post_id
         JOIN users ca ON ca.id = c.author_id JOIN users pa ON pa.id = p.author_id
        WHERE c.id = $1 AND c.hidden_at IS NULL AND p.hidden_at IS NULL
          AND ca.status <> 'Deleted' AND pa.status <> 'Deleted'`,
      [commentId],
    );
    const row = rows[0];
    return !row ? 'gone' : row.visibility === 'public' ? 'public' : 'restricted';
  }

  async isVisible(commentId: string, viewerId: string): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT c.id FROM comments c JOIN posts p ON p.id = c.post_id
        WHERE c.id = $1 AND c.hidden_at IS NULL AND ${postVisibleTo('p', '$2::uuid')}
          AND ${notBlockedEitherWay('c.author_id', '$2::uuid')}`,
      [commentId, viewerId],
    );
    return rows.length > 0;
  }

  /** One comment as the API answers it. */
  async one(tx: Queryable, commentId: string): Promise<CommentRow | undefined> {
    const rows = await tx.query<CommentRow>(
      `SELECT ${COMMENT_COLUMNS}, p.author_id AS post_author_id
         FROM comments c JOIN posts p ON p.id = c.post_id
         JOIN users u ON u.id = c.author_id JOIN media m ON m.id = c.voice_media_id
        WHERE c.id = $1`,
      [commentId],
    );
    return rows[0];
  }

  /**
   * A post's comments, oldest first, after the cursor, leaving out people blocked either way
   * with the viewer. Undefined when the viewer may not see the post.
   */
  async page(
    postId: string,
    viewerId: string,
    cursor: Cursor | null,
    limit: number,
  ): Promise<CommentRow[] | undefined> {
    const rows = await this.db.query<Partial<CommentRow> & { post_author_id: string }>(
      `SELECT p.author_id AS post_author_id, c.* FROM posts p
         LEFT JOIN LATERAL (
           SELECT ${COMMENT_COLUMNS}
             FROM comments c JOIN users u ON u.id = c.author_id
             JOIN media m ON m.id = c.voice_media_id
            WHERE c.post_id = p.id AND u.status <> 'Deleted' AND c.hidden_at IS NULL
              AND ${notBlockedEitherWay('c.author_id', '$2::uuid')}
              AND ($3::timestamptz IS NULL OR (c.created_at, c.id) > ($3::timestamptz, $4::uuid))
            ORDER BY c.created_at, c.id LIMIT $5) c ON true
        WHERE p.id = $1 AND ${postVisibleTo('p', '$2::uuid')}
        ORDER BY c.created_at, c.id`,
      [postId, viewerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
    if (rows.length === 0) return undefined;
    return rows.filter((r): r is CommentRow => r.id != null);
  }
}

const COMMENT_COLUMNS = `c.id, c.post_id, c.created_at, ${voiceJson('m')} AS voice,
  json_build_object('id', u.id, 'username', u.username, 'displayName', u.display_name,
    'profilePictureUrl', u.profile_picture_url, 'isFounder', u.founder_id IS NOT NULL) AS author`;
