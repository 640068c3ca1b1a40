import { randomUUID } from 'node:crypto';
import type { CreatePostRequest, Post, PostPage } from '@doers/contract';
import type { Database } from '../../../db/database.js';
import { badRequest, forbidden, HttpError, notFound } from '../../../platform/errors.js';
import type { EventBus } from '../../../platform/events.js';
import { decodeCursor, page } from '../../../platform/pagination.js';
import type { MediaService, TranscriptsService } from '../../media/index.js';
import type { QuestsService } from '../../progress/index.js';
import type { StatsService } from '../../progress/index.js';
import type { LocalNow } from '../../progress/index.js';
import { presentPost } from './post.presenter.js';
import type { PostsRepository } from './posts.repository.js';
import type { TimelineRepository } from './timeline.repository.js';
import type { Shown } from '../../media/index.js';

type PageQuery = { cursor?: string | undefined; limit: number };

/**
 * Posts (docs/product/posts-and-feed.md): a voice note, an optional photo or video, an optional
 * quest it reports on, and who may see it. Writing one fans it out to its readers' timelines in
 * the same transaction (decision 10).
 */
export class PostsService {
  constructor(
    private readonly deps: {
      db: Database;
      posts: PostsRepository;
      timeline: TimelineRepository;
      media: MediaService;
      transcripts: TranscriptsService;
      quests: QuestsService;
      stats: StatsService;
      events: EventBus;
    },
  ) {}

  async create(authorId: string, input: CreatePostRequest, now: LocalNow): Promise<Post> {
    const quest = input.questId ? await this.#ownQuest(authorId, input.questId, now) : null;
    const id = randomUUID();
    const at = now.now;
    const isPublic = input.visibility === 'public';
    const reached = await this.deps.db.transaction(async (tx) => {
      const base = { ownerId: authorId, type: 'post', attachedId: id, isPublic };
      const voice = await this.deps.media.attach(tx, {
        ...base,
        mediaId: input.voiceMediaId,
        purpose: 'post',
        kinds: ['voice'],
      });
      await this.deps.transcripts.attached(tx, voice, input.transcript);
      if (input.attachmentMediaId) {
        await this.deps.media.attach(tx, {
          ...base,
          mediaId: input.attachmentMediaId,
          purpose: 'post',
          kinds: ['photo', 'video'],
        });
      }
      await this.deps.posts.insert(tx, {
        id,
        authorId,
        questId: quest?.id ?? null,
        questStreak: quest?.streak ?? 0,
        visibility: input.visibility,
        voiceMediaId: input.voiceMediaId,
        attachmentMediaId: input.attachmentMediaId ?? null,
        createdAt: at,
      });
      await this.deps.stats.countPost(tx, authorId, 1);
      return this.deps.timeline.fanOutPost(tx, {
        postId: id,
        authorId,
        questId: quest?.id ?? null,
        vibersOnly: !isPublic,
        at,
      });
    });
    await this.deps.events.publish('post.created', { postId: id, authorId, readerIds: reached });
    return this.get(authorId, id);
  }

  async get(viewerId: string, id: string): Promise<Post> {
    const row = await this.deps.posts.card(id, viewerId);
    if (!row) throw notFound('Post not found');
    return presentPost(row, viewerId, (m) => this.deps.media.present(m));
  }

  /** A person's posts the viewer may see, newest first (none at all when blocked either way). */
  async ofUser(viewerId: string, authorId: string, query: PageQuery): Promise<PostPage> {
    const rows = await this.deps.posts.ofAuthor(
      authorId,
      viewerId,
      decodeCursor(query.cursor),
      query.limit,
    );
    const { items, nextCursor } = page(rows, query.limit, (r) => ({ at: r.created_at, id: r.id }));
    return {
      items: items.map((r) => presentPost(r, viewerId, (m) => this.deps.media.present(m))),
      nextCursor,
    };
  }

  /**
   * Its author deletes a post: its media and its comments' media (once committed), its
   * reactions, comments and timeline entries, and every figure they had moved.
   */
  async remove(userId: string, id: string): Promise<void> {
    const removers = await this.deps.db.transaction(async (tx) => {
      const tally = await this.deps.posts.tallyForDelete(tx, id);
      if (!tally) throw notFound('Post not found');
      if (tally.author_id !== userId) throw forbidden('Only its author can delete a post');
      const removeFiles = [await this.deps.media.detachAndRemove(tx, 'post', id)];
      for (const commentId of tally.comment_ids) {
        removeFiles.push(await this.deps.media.detachAndRemove(tx, 'comment', commentId));
      }
      await this.deps.posts.delete(tx, id);
      await this.deps.stats.countPostRemoved(tx, {
        authorId: userId,
        smiles: tally.smile_count,
        hums: tally.hum_count,
        interactions: tally.others_smiles + tally.hum_count + tally.others_comments,
        smilers: tally.smilers,
      });
      return removeFiles;
    });
    for (const remove of removers) await remove();
  }

  /** The media rule of files attached to posts: whoever may see the post. */
  mayViewMedia(viewerId: string, postId: string): Promise<boolean> {
    return this.deps.posts.isVisible(postId, viewerId);
  }

  /** How far a post is shown now, for its files (media-access.ts). */
  shownAs(postId: string): Promise<Shown> {
    return this.deps.posts.shown(postId);
  }

  /** A vibe sent from a post to its author counts on the post. */
  async vibeSent(e: { postId: string | null; targetUserId: string }): Promise<void> {
    if (!e.postId) return;
    await this.deps.posts.countVibe(e.postId, e.targetUserId);
  }

  /** The author's quest with their streak on it today, or a refusal that tells no more. */
  async #ownQuest(authorId: string, questId: string, now: LocalNow) {
    const refusal = badRequest('You can only post about your own quests');
    const quest = await this.deps.quests.get(authorId, questId, now).catch((error: unknown) => {
      throw error instanceof HttpError && error.statusCode === 404 ? refusal : error;
    });
    if (!quest.viewer?.role) throw refusal;
    return { id: quest.id, streak: quest.viewer.currentStreak };
  }
}
