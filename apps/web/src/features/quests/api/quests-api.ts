import {
  checkInResponse,
  joinQuestResponse,
  quest,
  questCalendar,
  questLeaderboard,
  questList,
  questTemplates,
  sharedQuest,
  type CheckInRequest,
  type CheckInResponse,
  type CreateQuestRequest,
  type JoinQuestResponse,
  type Quest,
  type QuestCalendar,
  type QuestLeaderboard,
  type QuestList,
  type QuestStatus,
  type QuestTemplates,
  type SharedQuest,
  type UpdateQuestRequest,
} from '@doers/contract';
import { api } from '../../../lib/api';

/** The quest endpoints, one function each; the hooks add caching and invalidation. */
const path = (id: string, rest = '') => `/quests/${encodeURIComponent(id)}${rest}`;

export const QUEST_PAGE_SIZE = 20;

export function fetchQuestList(
  status: QuestStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<QuestList> {
  const query = new URLSearchParams({ status, limit: String(QUEST_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get(`/quests?${query}`, { schema: questList, signal });
}

export function fetchQuest(id: string, signal?: AbortSignal): Promise<Quest> {
  return api.get(path(id), { schema: quest, signal });
}

export function fetchQuestTemplates(signal?: AbortSignal): Promise<QuestTemplates> {
  return api.get('/quests/templates', { schema: questTemplates, signal });
}

export function fetchQuestCalendar(id: string, signal?: AbortSignal): Promise<QuestCalendar> {
  return api.get(path(id, '/calendar?weeks=6'), { schema: questCalendar, signal });
}

export function fetchQuestLeaderboard(id: string, signal?: AbortSignal): Promise<QuestLeaderboard> {
  return api.get(path(id, '/leaderboard'), { schema: questLeaderboard, signal });
}

/** Readable signed out for public quests: the client sends a token only when it has one. */
export function fetchSharedQuest(id: string, signal?: AbortSignal): Promise<SharedQuest> {
  return api.get(`/shared-quests/${encodeURIComponent(id)}`, { schema: sharedQuest, signal });
}

export function postQuest(body: CreateQuestRequest): Promise<Quest> {
  return api.post('/quests', body, { schema: quest });
}

export function patchQuest(id: string, body: UpdateQuestRequest): Promise<Quest> {
  return api.patch(path(id), body, { schema: quest });
}

export function postQuestAction(id: string, action: 'complete' | 'abandon'): Promise<Quest> {
  return api.post(path(id, `/${action}`), undefined, { schema: quest });
}

export function deleteQuest(id: string): Promise<unknown> {
  return api.delete(path(id));
}

/** The key makes a retried or replayed check-in count once (PRODUCT.md §2). */
export function postCheckIn(
  id: string,
  body: CheckInRequest,
  idempotencyKey: string,
): Promise<CheckInResponse> {
  return api.post(path(id, '/check-ins'), body, {
    schema: checkInResponse,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function deleteTodayCheckIn(id: string): Promise<Quest> {
  return api.delete(path(id, '/check-ins/today'), { schema: quest });
}

export function postJoinQuest(id: string): Promise<JoinQuestResponse> {
  return api.post(path(id, '/join'), undefined, { schema: joinQuestResponse });
}

export function postLeaveQuest(id: string): Promise<unknown> {
  return api.post(path(id, '/leave'));
}
