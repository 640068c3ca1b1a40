import { randomUUID } from 'node:crypto';
import type { Comment, CommentPage, CreateCommentRequest } from '@doers/contract';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { forbidden, notFound } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { MediaService, TranscriptsService } from '../../media/index.js';
import type { StatsService } from '../../progress/index.js';
import type { CommentRow, CommentsRepository } from './comments.repository.js';
import { mediaRowOf } from './post.presenter.js';
import type { PostsRepository } from './posts.repository.js';
import type { Shown } from '../../media/index.js';

type PageQuery = { cursor?: string | undefined; limit: number };

/**
 * Voice comments (docs/product/posts-and-feed.md#voice-comments): on a post one may see; its
 * author or the post's author deletes it. Its file is as public as the post.
 */
export class CommentsService {
  constructor(
    private readonly deps: {
      db: Database;
      posts: PostsRepository;
      comments: CommentsRepository;
      media: MediaService;
      transcripts: TranscriptsService;
      stats: StatsService;
      events: EventBus;
      clock: Clock;
    },
  ) {}

  async create(userId: string, postId: string, input: CreateCommentRequest): Promise<Comment> {
    const id = randomUUID();
    const row = await this.deps.db.transaction(async (tx) => {
      const post = await this.deps.posts.visibleFacts(tx, postId, userId);
      if (!post) throw notFound('Post not found');
      const voice = await this.deps.media.attach(tx, {
        mediaId: input.voiceMediaId,
        ownerId: userId,
        type: 'comment',
        attachedId: id,
        isPublic: post.visibility === 'public',
        purpose: 'comment',
        kinds: ['voice'],
      });
      await this.deps.transcripts.attached(tx, voice, input.transcript);
      const at = this.deps.clock.now();
      await this.deps.comments.insert(tx, {
        id,
        postId,
        authorId: userId,
        voiceMediaId: input.voiceMediaId,
        at,
      });
      await this.deps.stats.countReaction(tx, {
        kind: 'comment',
        authorId: post.author_id,
        userId,
        delta: 1,
      });
      await this.deps.events.record(tx, 'comment.created', {
        commentId: id,
        postId,
        postAuthorId: post.author_id,
        userId,
      });
      return (await this.deps.comments.one(tx, id))!;
    });
    return this.#present(row, userId);
  }

  /** A post's comments, oldest first: a conversation reads down. */
  async list(viewerId: string, postId: string, query: PageQuery): Promise<CommentPage> {
    const rows = await this.deps.comments.page(
      postId,
      viewerId,
      decodeCursor(query.cursor),
      query.limit,
    );
    if (!rows) throw notFound('Post not found');
    const { items, nextCursor } = page(rows, query.limit, (r) => ({ at: r.created_at, id: r.id }));
    return { items: items.map((r) => this.#present(r, viewerId)), nextCursor };
  }

  /** Its author or the post's author deletes a comment; its file goes once committed. */
  async remove(userId: string, postId: string, commentId: string): Promise<void> {
    const removeFile = await this.deps.db.transaction(async (tx) => {
      const comment = await this.deps.comments.facts(tx, postId, commentId);
      if (!comment) throw notFound('Comment not found');
      if (comment.author_id !== userId && comment.post_author_id !== userId) {
        throw forbidden('Only its author or the post’s author can delete a comment');
      }
      const remove = await this.deps.media.detachAndRemove(tx, 'comment', commentId);
      await this.deps.comments.delete(tx, commentId);
      await this.deps.stats.countReaction(tx, {
        kind: 'comment',
        authorId: comment.post_author_id,
        userId: comment.author_id,
        delta: -1,
      });
      return remove;
    });
    await removeFile();
  }

  /** The media rule of comments' files: whoever may see the post and is not blocked with its author. */
  mayViewMedia(viewerId: string, commentId: string): Promise<boolean> {
    return this.deps.comments.isVisible(commentId, viewerId);
  }

  /** How far a comment is shown now, for its voice file (media-access.ts). */
  shownAs(commentId: string): Promise<Shown> {
    return this.deps.comments.shown(commentId);
  }

  #present(r: CommentRow, viewerId: string): Comment {
    return {
      id: r.id,
      postId: r.post_id,
      author: r.author,
      voice: this.deps.media.present(mediaRowOf(r.voice)),
      createdAt: r.created_at.toISOString(),
      canDelete: r.author.id === viewerId || r.post_author_id === viewerId,
    };
  }
}
