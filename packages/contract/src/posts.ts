import { z } from 'zod';
import { endpoint } from './http.js';
import { media } from './media.js';
import { pageOf, pageQuery } from './pagination.js';
import { transcriptText } from './transcripts.js';
import { personSummary } from './users.js';

/**
 * Posts, the feed, smiles, hums and voice comments (docs/product/posts-and-feed.md). A post is a
 * voice note (uploaded first with purpose `post`), an optional photo or video (purpose `post`
 * too), an optional quest it reports on, and who may see it.
 */

export const POST_VISIBILITIES = ['public', 'vibers'] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];

/** Voice comments last at most this many seconds (MEDIA purpose `comment`). */
export const COMMENT_SECONDS = 60;

/** A post's author as a card shows them: the halo needs the colour and its glow. */
export const postAuthor = personSummary.extend({
  colorTheme: z.string(),
  haloIntensity: z.number(),
});
export type PostAuthor = z.infer<typeof postAuthor>;

/** The quest a post reports on, with the author's streak on it when they posted. */
export const postQuest = z.object({
  id: z.string(),
  title: z.string(),
  emoji: z.string(),
  streak: z.number().int(),
});
export type PostQuest = z.infer<typeof postQuest>;

export const postCounts = z.object({
  smiles: z.number().int(),
  hums: z.number().int(),
  vibes: z.number().int(),
  comments: z.number().int(),
});
export type PostCounts = z.infer<typeof postCounts>;

/** Where the signed-in viewer stands with a post. */
export const postViewer = z.object({
  smiled: z.boolean(),
  hummed: z.boolean(),
  isAuthor: z.boolean(),
  /** Public posts of others can be hummed; one's own and vibers-only posts cannot. */
  canHum: z.boolean(),
});
export type PostViewer = z.infer<typeof postViewer>;

export const post = z.object({
  id: z.string(),
  author: postAuthor,
  quest: postQuest.nullable(),
  visibility: z.enum(POST_VISIBILITIES),
  voice: media,
  /** The optional photo or video. */
  attachment: media.nullable(),
  counts: postCounts,
  viewer: postViewer,
  /** In a feed: someone the viewer vibes with hummed it, and that is why it is there. */
  hummedBy: personSummary.nullable(),
  createdAt: z.string(),
});
export type Post = z.infer<typeof post>;

export const postPage = pageOf(post);
export type PostPage = z.infer<typeof postPage>;

export const createPostRequest = z.object({
  /** An upload of purpose `post` and kind voice, not used by anything yet. */
  voiceMediaId: z.uuid('Record a voice note first'),
  /** An upload of purpose `post` and kind photo or video. */
  attachmentMediaId: z.uuid('Not a valid media id').optional(),
  /** A quest the author is part of (owner or member). */
  questId: z.uuid('Not a valid quest id').optional(),
  visibility: z.enum(POST_VISIBILITIES, { error: 'Choose who can see this post' }),
  /** What the speaker's device heard, as they corrected it: at most maxTranscriptLength. */
  transcript: transcriptText.optional(),
});
export type CreatePostRequest = z.infer<typeof createPostRequest>;

export const postIdParams = z.object({ id: z.uuid('Not a valid post id') });
export const commentParams = postIdParams.extend({
  commentId: z.uuid('Not a valid comment id'),
});

/** What a smile or hum toggle answers: the post's counts and the viewer's marks after it. */
export const reactionState = z.object({
  smiled: z.boolean(),
  hummed: z.boolean(),
  counts: postCounts,
});
export type ReactionState = z.infer<typeof reactionState>;

/** Someone who smiled at or hummed a post, newest first. */
export const reactor = z.object({ user: personSummary, at: z.string() });
export type Reactor = z.infer<typeof reactor>;
export const reactorPage = pageOf(reactor);
export type ReactorPage = z.infer<typeof reactorPage>;

export const comment = z.object({
  id: z.string(),
  postId: z.string(),
  author: personSummary,
  voice: media,
  createdAt: z.string(),
  /** Its author, or the post's author, may delete it. */
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof comment>;
export const commentPage = pageOf(comment);
export type CommentPage = z.infer<typeof commentPage>;

export const createCommentRequest = z.object({
  /** An upload of purpose `comment` (voice, at most COMMENT_SECONDS). */
  voiceMediaId: z.uuid('Record a voice comment first'),
  /** What the speaker's device heard, as they corrected it: at most maxTranscriptLength. */
  transcript: transcriptText.optional(),
});
export type CreateCommentRequest = z.infer<typeof createCommentRequest>;

export const userPostsParams = z.object({ id: z.uuid('Not a valid user id') });

export const postsApi = {
  /** The signed-in person's feed, newest first (docs/product/posts-and-feed.md#the-feed). */
  feed: endpoint({
    method: 'GET',
    path: '/feed',
    access: 'signed-in',
    query: pageQuery,
    response: postPage,
  }),
  create: endpoint({
    method: 'POST',
    path: '/posts',
    access: 'signed-in',
    body: createPostRequest,
    response: post,
    status: 201,
    idempotent: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/posts/:id',
    access: 'signed-in',
    params: postIdParams,
    response: post,
  }),
  /** Its author deletes a post: its media, comments and reactions go, and every count follows. */
  remove: endpoint({
    method: 'DELETE',
    path: '/posts/:id',
    access: 'signed-in',
    params: postIdParams,
    response: null,
    idempotent: true,
  }),
  /** A person's posts that the viewer may see, newest first. */
  ofUser: endpoint({
    method: 'GET',
    path: '/users/:id/posts',
    access: 'signed-in',
    params: userPostsParams,
    query: pageQuery,
    response: postPage,
  }),
  smile: endpoint({
    method: 'PUT',
    path: '/posts/:id/smile',
    access: 'signed-in',
    params: postIdParams,
    response: reactionState,
    idempotent: true,
  }),
  unsmile: endpoint({
    method: 'DELETE',
    path: '/posts/:id/smile',
    access: 'signed-in',
    params: postIdParams,
    response: reactionState,
    idempotent: true,
  }),
  hum: endpoint({
    method: 'PUT',
    path: '/posts/:id/hum',
    access: 'signed-in',
    params: postIdParams,
    response: reactionState,
    idempotent: true,
  }),
  unhum: endpoint({
    method: 'DELETE',
    path: '/posts/:id/hum',
    access: 'signed-in',
    params: postIdParams,
    response: reactionState,
    idempotent: true,
  }),
  smiles: endpoint({
    method: 'GET',
    path: '/posts/:id/smiles',
    access: 'signed-in',
    params: postIdParams,
    query: pageQuery,
    response: reactorPage,
  }),
  hums: endpoint({
    method: 'GET',
    path: '/posts/:id/hums',
    access: 'signed-in',
    params: postIdParams,
    query: pageQuery,
    response: reactorPage,
  }),
  /** Voice comments, oldest first (a conversation reads down). */
  comments: endpoint({
    method: 'GET',
    path: '/posts/:id/comments',
    access: 'signed-in',
    params: postIdParams,
    query: pageQuery,
    response: commentPage,
  }),
  comment: endpoint({
    method: 'POST',
    path: '/posts/:id/comments',
    access: 'signed-in',
    params: postIdParams,
    body: createCommentRequest,
    response: comment,
    status: 201,
    idempotent: true,
  }),
  removeComment: endpoint({
    method: 'DELETE',
    path: '/posts/:id/comments/:commentId',
    access: 'signed-in',
    params: commentParams,
    response: null,
    idempotent: true,
  }),
};
