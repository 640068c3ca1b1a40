import { z } from 'zod';
import { endpoint } from './http.js';
import { post, postPage } from './posts.js';
import { QUEST_CATEGORIES } from './quests.js';
import { interest, personSummary } from './users.js';

/**
 * Explore (docs/product/explore.md): search people, quests, interests and what public posts said
 * (their transcripts) as one types, and the
 * recent public posts, all or of one interest.
 */

export const SEARCH_QUERY_MAX = 100;

export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type something to search for')
    .max(SEARCH_QUERY_MAX, `Search for at most ${SEARCH_QUERY_MAX} characters`),
  /** How many of each kind (people, quests, interests). */
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

/** A quest as a search result: enough to recognise it and open it. */
export const questSummary = z.object({
  id: z.string(),
  title: z.string(),
  emoji: z.string(),
  category: z.enum(QUEST_CATEGORIES),
  owner: personSummary,
  participantCount: z.number().int(),
});
export type QuestSummary = z.infer<typeof questSummary>;

export const searchResults = z.object({
  people: z.array(personSummary),
  quests: z.array(questSummary),
  interests: z.array(interest),
  /**
   * Public posts whose transcript holds every word typed (the last may be the start of one),
   * newest first: never a vibers-only post, a hidden one, or one of a person blocked either way.
   */
  posts: z.array(post),
});
export type SearchResults = z.infer<typeof searchResults>;

export const explorePostsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(24),
  /** Only posts by people who chose this interest. */
  interest: z.string().max(60).optional(),
  /** Start at this post (included), then older ones: the swipe feed of /explore/feed/{postId}. */
  from: z.uuid('Not a valid post id').optional(),
});
export type ExplorePostsQuery = z.input<typeof explorePostsQuery>;

export const exploreApi = {
  search: endpoint({
    method: 'GET',
    path: '/search',
    access: 'signed-in',
    query: searchQuery,
    response: searchResults,
  }),
  /** Recent public posts, newest first, that the viewer may see. */
  posts: endpoint({
    method: 'GET',
    path: '/explore/posts',
    access: 'signed-in',
    query: explorePostsQuery,
    response: postPage,
  }),
};
