import { z } from 'zod';
import { endpoint } from './http.js';
import { pageOf, pageQuery } from './pagination.js';
import { personSummary } from './users.js';

/**
 * Blocking (docs/product/blocking.md): people blocked either way never see each other's posts,
 * comments, quests, vibes or profile content, cannot react to or vibe with each other, and
 * vibing between them ends.
 */

export const blockParams = z.object({ id: z.uuid('Not a valid user id') });

export const blockedUser = z.object({ user: personSummary, since: z.string() });
export type BlockedUser = z.infer<typeof blockedUser>;
export const blockedUserPage = pageOf(blockedUser);
export type BlockedUserPage = z.infer<typeof blockedUserPage>;

export const blocksApi = {
  block: endpoint({
    method: 'PUT',
    path: '/users/:id/block',
    access: 'signed-in',
    params: blockParams,
    response: null,
    idempotent: true,
  }),
  unblock: endpoint({
    method: 'DELETE',
    path: '/users/:id/block',
    access: 'signed-in',
    params: blockParams,
    response: null,
    idempotent: true,
  }),
  /** The people I blocked, newest first. */
  list: endpoint({
    method: 'GET',
    path: '/blocks',
    access: 'signed-in',
    query: pageQuery,
    response: blockedUserPage,
  }),
};
