import {
  addDays,
  checkInsApi,
  type CheckInRequest,
  type CheckInResponse,
  type Day,
  type Quest,
  type QuestList,
} from '@doers/contract';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../../lib/api';
import { isApiError } from '../../../../lib/api-error';
import { queuedEndpoint, sendOrQueueAction, type SendOutcome } from '../../../../lib/offline-queue';
import { retryMutation } from '../../../../lib/mutation-retry';
import { randomId } from '../../../../lib/random-id';
import { invalidateQuest } from '../../common/api/invalidate-quest';
import { checkInScope, createKeyRing } from '../lib/idempotency-keys';
import { questKeys } from '../../quest-keys';
import { withQuestInPages } from '../lib/check-in-cache';
import { applyCheckIn } from './apply-check-in';

interface CheckInVariables extends CheckInRequest {
  /** Reused by every attempt at the same quest and day; the mutation's own retry too. */
  idempotencyKey: string;
}

/** Shared by every check-in button, so the list and the quest page reuse the same key. */
const checkInKeys = createKeyRing(randomId);

const isFinal = (error: unknown) =>
  isApiError(error) && error.statusCode >= 400 && error.statusCode < 500;

/** The quest as the check-in will leave it, shown while the check-in waits to be sent. */
function checkedInWhileQueued(
  quest: Quest,
  which: 'today' | 'yesterday',
  taskIds: string[],
): Quest {
  if (!quest.viewer) return quest;
  const viewer =
    which === 'today'
      ? { ...quest.viewer, checkedInToday: true, tasksDoneToday: taskIds, canCheckInToday: false }
      : { ...quest.viewer, checkedInYesterday: true, canCheckInYesterday: false };
  return { ...quest, viewer: { ...viewer, canUndoToday: false } };
}

/** Resolves with the queued outcome when offline; the cards then show the check-in as made. */
export type CheckInOutcome = SendOutcome<CheckInResponse>;

/** `today` is the quest view's `viewer.today`: the day the server counts as this person's. */
export function useCheckIn(id: string, today: Day) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    // Runs offline too: the offline queue keeps the check-in across reloads until it is sent.
    networkMode: 'always',
    // The key makes a retried or replayed check-in count once; `forDay` keeps a check-in sent
    // after midnight on the day it was made.
    mutationFn: ({ idempotencyKey, ...body }: CheckInVariables) => {
      const forDay = body.day === 'yesterday' ? addDays(today, -1) : today;
      const request = { ...body, forDay };
      return sendOrQueueAction(
        {
          type: 'checkin',
          ...queuedEndpoint(checkInsApi.checkIn, { id }),
          body: request,
          idempotencyKey,
          subject: id,
        },
        () =>
          api.call(checkInsApi.checkIn, {
            params: { id },
            body: request,
            headers: { 'Idempotency-Key': idempotencyKey },
          }),
      );
    },
    // The same key makes a retry safe, but only a lost answer is worth one: a 409 is final.
    retry: retryMutation,
    onSuccess: (outcome, variables) => {
      if (outcome.queued) {
        const which = variables.day ?? 'today';
        const taskIds = variables.taskIds ?? [];
        const patch = (quest: Quest) => checkedInWhileQueued(quest, which, taskIds);
        queryClient.setQueryData<Quest>(questKeys.detail(id), (quest) => quest && patch(quest));
        queryClient.setQueriesData<InfiniteData<QuestList>>(
          { queryKey: questKeys.lists },
          (data) => {
            const quest = data?.pages.flatMap((page) => page.items).find((q) => q.id === id);
            return quest ? withQuestInPages(data, patch(quest)) : data;
          },
        );
        return;
      }
      const { quest, checkIn } = outcome.value;
      applyCheckIn(queryClient, quest, {
        day: checkIn.day,
        checkedIn: true,
        tasksDone: checkIn.taskIds.length,
      });
    },
    // A 4xx (e.g. 409: already checked in on another device) means the screen is stale.
    onError: (error) => {
      if (isFinal(error)) invalidateQuest(queryClient, id);
    },
  });
  return {
    ...mutation,
    /** Resolves null when a check-in is already on its way (a double tap). */
    async checkIn(variables: CheckInRequest): Promise<CheckInOutcome | null> {
      if (inFlight.current) return null;
      inFlight.current = true;
      const scope = checkInScope(id, variables.day ?? 'today', today);
      try {
        const outcome = await mutation.mutateAsync({
          ...variables,
          idempotencyKey: checkInKeys.get(scope),
        });
        checkInKeys.release(scope);
        return outcome;
      } catch (error) {
        // A 4xx is a final answer: the next attempt is a new one. Lost answers keep the key.
        if (isFinal(error)) checkInKeys.release(scope);
        throw error;
      } finally {
        inFlight.current = false;
      }
    },
  };
}

export function useUndoCheckIn(id: string, today: Day) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(checkInsApi.undoToday, { params: { id } }),
    onSuccess: (quest) =>
      applyCheckIn(queryClient, quest, { day: today, checkedIn: false, tasksDone: 0 }),
    onError: (error) => {
      if (isFinal(error)) invalidateQuest(queryClient, id);
    },
  });
}
