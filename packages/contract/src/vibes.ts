import { z } from 'zod';
import { endpoint } from './http.js';
import { SIGNUP_VIBE_REASON, VIBE_REASONS } from './constants.js';
import { pageOf, pageQuery } from './pagination.js';
import { personSummary } from './users.js';

const VIBE_REASON_TEXTS: readonly string[] = [...VIBE_REASONS, SIGNUP_VIBE_REASON];

export const createVibeRequest = z.object({
  targetUserId: z.uuid('Not a valid user id'),
  /** One of VIBE_REASONS, or the fixed welcome text of the automatic sign-up vibe. */
  vibeReason: z
    .string()
    .trim()
    .refine((r) => VIBE_REASON_TEXTS.includes(r), 'Choose a reason for your vibe'),
  postId: z.uuid().optional(),
});
export type CreateVibeRequest = z.infer<typeof createVibeRequest>;

export const vibe = z.object({
  id: z.string(),
  senderId: z.string(),
  targetUserId: z.string(),
  vibeReason: z.string(),
  postId: z.string().nullable(),
  createdAt: z.string(),
  /** True when this vibe started the sender vibing with the target. */
  startedVibingWith: z.boolean(),
});
export type Vibe = z.infer<typeof vibe>;

/** Someone who vibes with me; with `vibesBack` we vibe mutually and they see my vibers-only content. */
export const viber = z.object({
  user: personSummary,
  /** I vibe with them too: mutual. */
  vibesBack: z.boolean(),
  /** When they started vibing with me. */
  since: z.string(),
});
export type Viber = z.infer<typeof viber>;
export const viberList = pageOf(viber);
export type ViberList = z.infer<typeof viberList>;

export const viberParams = z.object({ userId: z.uuid('Not a valid user id') });

/** A vibe as the lists of /vibes show it: who sent it to whom, why, and from which post. */
export const vibeEntry = z.object({
  id: z.string(),
  /** The other person: the sender in `received`, the target in `sent`. */
  user: personSummary,
  vibeReason: z.string(),
  postId: z.string().nullable(),
  createdAt: z.string(),
});
export type VibeEntry = z.infer<typeof vibeEntry>;
export const vibeEntryPage = pageOf(vibeEntry);
export type VibeEntryPage = z.infer<typeof vibeEntryPage>;

/** Someone I vibe with; with `vibesBack` they vibe with me too (mutual). */
export const vibingWith = z.object({
  user: personSummary,
  vibesBack: z.boolean(),
  since: z.string(),
});
export type VibingWith = z.infer<typeof vibingWith>;
export const vibingWithList = pageOf(vibingWith);
export type VibingWithList = z.infer<typeof vibingWithList>;

export const vibesApi = {
  send: endpoint({
    method: 'POST',
    path: '/vibes',
    access: 'signed-in',
    body: createVibeRequest,
    response: vibe,
    status: 201,
    idempotent: true,
  }),
  /** The people who vibe with me, newest first. */
  vibers: endpoint({
    method: 'GET',
    path: '/vibes/vibers',
    access: 'signed-in',
    query: pageQuery,
    response: viberList,
  }),
  /** The people I vibe with, newest first. */
  vibing: endpoint({
    method: 'GET',
    path: '/vibes/vibing',
    access: 'signed-in',
    query: pageQuery,
    response: vibingWithList,
  }),
  /** Vibes sent to me, newest first. */
  received: endpoint({
    method: 'GET',
    path: '/vibes/received',
    access: 'signed-in',
    query: pageQuery,
    response: vibeEntryPage,
  }),
  /** Vibes I sent, newest first. */
  sent: endpoint({
    method: 'GET',
    path: '/vibes/sent',
    access: 'signed-in',
    query: pageQuery,
    response: vibeEntryPage,
  }),
  /** Ends that person vibing with me: they lose my vibers-only content at once. */
  removeViber: endpoint({
    method: 'DELETE',
    path: '/vibes/vibers/:userId',
    access: 'signed-in',
    params: viberParams,
    response: null,
  }),
  /** Ends my vibing with that person: I lose their vibers-only content at once. */
  stopVibing: endpoint({
    method: 'DELETE',
    path: '/vibes/vibing/:userId',
    access: 'signed-in',
    params: viberParams,
    response: null,
  }),
};
