import { z } from 'zod';
import { endpoint } from './http.js';
import { pageOf, pageQuery } from './pagination.js';
import { quest, questIdParams, questViewerState } from './quests.js';
import { streakFigures } from './stats.js';
import { personSummary } from './users.js';

export const questParticipant = streakFigures.extend({
  user: personSummary,
  role: z.enum(['owner', 'member']),
  joinedAt: z.string(),
  checkedInToday: z.boolean(),
});
export type QuestParticipant = z.infer<typeof questParticipant>;
export const questLeaderboard = z.object({ participants: z.array(questParticipant) });
export type QuestLeaderboard = z.infer<typeof questLeaderboard>;

export const joinQuestResponse = z.object({ status: z.enum(['joined', 'requested']), quest });
export type JoinQuestResponse = z.infer<typeof joinQuestResponse>;

export const questRequest = z.object({
  id: z.string(),
  quest: z.object({ id: z.string(), title: z.string(), emoji: z.string() }),
  user: personSummary,
  status: z.enum(['pending', 'accepted', 'declined']),
  createdAt: z.string(),
});
export type QuestRequest = z.infer<typeof questRequest>;
export const questRequestList = pageOf(questRequest);
export type QuestRequestList = z.infer<typeof questRequestList>;

/** The public face of a shared quest, readable signed out when the quest is public. */
export const sharedQuest = z.object({
  quest: quest.omit({ viewer: true }),
  participants: z.array(questParticipant),
  viewer: questViewerState.nullable(),
  signedIn: z.boolean(),
});
export type SharedQuest = z.infer<typeof sharedQuest>;

export const questRequestIdParams = z.object({ id: z.uuid('Not a valid request id') });

export const sharingApi = {
  leaderboard: endpoint({
    method: 'GET',
    path: '/quests/:id/leaderboard',
    access: 'optional',
    params: questIdParams,
    response: questLeaderboard,
  }),
  join: endpoint({
    method: 'POST',
    path: '/quests/:id/join',
    access: 'signed-in',
    params: questIdParams,
    response: joinQuestResponse,
  }),
  leave: endpoint({
    method: 'POST',
    path: '/quests/:id/leave',
    access: 'signed-in',
    params: questIdParams,
    response: null,
  }),
  shared: endpoint({
    method: 'GET',
    path: '/shared-quests/:id',
    access: 'optional',
    params: questIdParams,
    response: sharedQuest,
  }),
  /** Pending requests to join my quests. */
  requests: endpoint({
    method: 'GET',
    path: '/quest-requests',
    access: 'signed-in',
    query: pageQuery,
    response: questRequestList,
  }),
  accept: endpoint({
    method: 'POST',
    path: '/quest-requests/:id/accept',
    access: 'signed-in',
    params: questRequestIdParams,
    response: questRequest,
  }),
  decline: endpoint({
    method: 'POST',
    path: '/quest-requests/:id/decline',
    access: 'signed-in',
    params: questRequestIdParams,
    response: questRequest,
  }),
};
