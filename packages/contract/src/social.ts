import { z } from 'zod';

export const createVibeRequest = z.object({
  targetUserId: z.uuid('Not a valid user id'),
  vibeReason: z.string().trim().min(1, 'Choose a reason for your vibe').max(140),
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

export const unreadCounts = z.object({
  unreadNotifications: z.number().int(),
  unreadDMs: z.number().int(),
  unreadQuestRequests: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;
