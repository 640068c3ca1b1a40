import {
  activityList,
  questRequest,
  questRequestList,
  type ActivityList,
  type QuestRequest,
  type QuestRequestList,
} from '@doers/contract';
import { api } from '../../../lib/api';

function pageQuery(cursor: string | null): string {
  return cursor ? `?${new URLSearchParams({ cursor })}` : '';
}

export function fetchActivity(cursor: string | null, signal?: AbortSignal): Promise<ActivityList> {
  return api.get(`/activity${pageQuery(cursor)}`, { schema: activityList, signal });
}

/** Pending requests to join my quests. */
export function fetchQuestRequests(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<QuestRequestList> {
  return api.get(`/quest-requests${pageQuery(cursor)}`, { schema: questRequestList, signal });
}

export type RequestDecision = 'accept' | 'decline';

export function postRequestDecision(id: string, decision: RequestDecision): Promise<QuestRequest> {
  return api.post(`/quest-requests/${encodeURIComponent(id)}/${decision}`, undefined, {
    schema: questRequest,
  });
}
