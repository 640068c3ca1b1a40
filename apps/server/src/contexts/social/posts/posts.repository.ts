import type { PostVisibility } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import type { Cursor } from '../../../platform/pagination.js';
import type { FeedCache } from './feed-cache.js';
import { postCardColumns, postCardJoins, type PostCardRow } from './post-card.sql.js';
import { postVisibleTo } from './post-visibility.js';
import type { Shown } from '../../media/index.js';

export type NewPost = {
  id: string;
  authorId: string;
  questId: string | null;
  questStreak: number;
  visibility: PostVisibility;
  voiceMediaId: string;
  attachmentMediaId: string | null;
  createdAt: Date;
};

/** A post as its rules see it: who wrote it and who may see it. */
export type PostFacts = { id: string; author_id: string; visibility: PostVisibility };

/** What deleting a post takes back from the figures, read before the rows go. */
export type PostTally = {
  author_id: string;
  smile_count: number;
  hum_count: number;
  /** Smiles and comments by others than the author (hums are always others'). */
  others_smiles: number;
  others_comments: number;
  smilers: string[];
  comment_ids: string[];
};

/** posts: this module is their only writer. */
export class PostsRepository {
  constructor(
    private readonly db: Queryable,
    private readonly pages: FeedCache,
  ) {}

  async insert(tx: Queryable, p: NewPost): Promise<void> {
    await tx.query(
      `INSERT INTO posts (id, author_id, quest_id, quest_streak, visibility, voice_media_id,
                          attachment_media_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        p.id,
        p.authorId,
        p.questId,
        p.questStreak,
        p.visibility,
        p.voiceMediaId,
        p.attachmentMediaId,
        p.createdAt,
      ],
    );
  }

  /** The post's card when `viewerId` may see it. */
  async card(
    id: string,
    viewerId: string,
    tx: Queryable = this.db,
  ): Promise<PostCardRow | undefined> {
    const rows = await tx.query<PostCardRow>(
      `SELECT ${postCardColumns('p', '$2::uuid')}
         FROM posts p ${postCardJoins('p')}
        WHERE p.id = $1 AND pa.status <> 'Deleted' AND ${postVisibleTo('p', '$2::uuid')}`,
      [id, viewerId],
    );
    return rows[0];
  }

  /** Who wrote it and who may see it, when `viewerId` may see it. */
  async visibleFacts(tx: Queryable, id: string, viewerId: string): Promise<PostFacts | undefined> {
    const rows = await tx.query<PostFacts>(
      `SELECT p.id, p.author_id, p.visibility FROM posts p JOIN users pa ON pa.id = p.author_id
        WHERE p.id = $1 AND pa.status <> 'Deleted' AND ${postVisibleTo('p', '$2::uuid')}`,
      [id, viewerId],
    );
    return rows[0];
  }

  /**
   * How far the post is shown now (the media rule of its files): gone when a moderator hid it,
   * it was deleted or its author's account is deactivated; else as its visibility says.
   */
  async shown(id: string): Promise<Shown> {
    const rows = await this.db.query<{ visibility: string }>(
      `SELECT p.visibility FROM posts p JOIN users pa ON pa.id = p.author_id
        WHERE p.id = $1 AND p.hidden_at IS NULL AND pa.status <> 'Deleted'`,
      [id],
    );
    const row = rows[0];
    return !row ? 'gone' : row.visibility === 'public' ? 'public' : 'restricted';
  }

  /** Whether `viewerId` may see the post (the media rule of its files). */
  async isVisible(id: string, viewerId: string): Promise<boolean> {
    return (await this.visibleFacts(this.db, id, viewerId)) !== undefined;
  }

  /** A person's posts that `viewerId` may see, newest first, from the cursor on. */
  async ofAuthor(
    authorId: string,
    viewerId: string,
    cursor: Cursor | null,
    limit: number,
  ): Promise<PostCardRow[]> {
    return this.db.query<PostCardRow>(
      `SELECT ${postCardColumns('p', '$2::uuid')}
         FROM posts p ${postCardJoins('p')}
        WHERE p.author_id = $1 AND pa.status <> 'Deleted' AND ${postVisibleTo('p', '$2::uuid')}
          AND ($3::timestamptz IS NULL OR (p.created_at, p.id) < ($3::timestamptz, $4::uuid))
        ORDER BY p.created_at DESC, p.id DESC LIMIT $5`,
      [authorId, viewerId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
    );
  }

  /** Locks the post and reads what deleting it takes back; undefined when it is gone. */
  async tallyForDelete(tx: Queryable, id: string): Promise<PostTally | undefined> {
    const rows = await tx.query<PostTally>(
      `SELECT p.author_id, p.smile_count, p.hum_count,
              (SELECT count(*)::int FROM smiles s
                WHERE s.post_id = p.id AND s.user_id <> p.author_id) AS others_smiles,
              (SELECT count(*)::int FROM comments c
                WHERE c.post_id = p.id AND c.author_id <> p.author_id) AS others_comments,
              ARRAY(SELECT s.user_id FROM smiles s WHERE s.post_id = p.id) AS smilers,
              ARRAY(SELECT c.id FROM comments c WHERE c.post_id = p.id) AS comment_ids
         FROM posts p WHERE p.id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  }

  /** The post and, by cascade, its timeline entries, smiles, hums and comments. */
  async delete(tx: Queryable, id: string): Promise<void> {
    await tx.query('DELETE FROM posts WHERE id = $1', [id]);
    this.pages.changed(tx, { op: 'post', id });
  }

  /** A vibe sent from a post to its author counts on the post. */
  async countVibe(postId: string, targetUserId: string): Promise<void> {
    // Counted again from the vibes, not moved by one: a second delivery of the vibe's event
    // (platform/outbox.ts) finds the same count.
    await this.db.query(
      `UPDATE posts SET vibe_count = (SELECT count(*) FROM vibes v WHERE v.post_id = $1)
        WHERE id = $1 AND author_id = $2`,
      [postId, targetUserId],
    );
    this.pages.changed(this.db, { op: 'post', id: postId });
  }
}
