import { checkInsApi, type CheckInRequest, type CheckInResponse, type Day } from '@doers/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../../lib/api';
import { isApiError } from '../../../../lib/api-error';
import { retryMutation } from '../../../../lib/mutation-retry';
import { randomId } from '../../../../lib/random-id';
import { invalidateQuest } from '../../common/api/invalidate-quest';
import { checkInScope, createKeyRing } from '../lib/idempotency-keys';
import { applyCheckIn } from './apply-check-in';

interface CheckInVariables extends CheckInRequest {
  /** Reused by every attempt at the same quest and day; the mutation's own retry too. */
  idempotencyKey: string;
}

/** Shared by every check-in button, so the list and the quest page reuse the same key. */
const checkInKeys = createKeyRing(randomId);

const isFinal = (error: unknown) =>
  isApiError(error) && error.statusCode >= 400 && error.statusCode < 500;

/** `today` is the quest view's `viewer.today`: the day the server counts as this person's. */
export function useCheckIn(id: string, today: Day) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    // The key makes a retried or replayed check-in count once.
    mutationFn: ({ idempotencyKey, ...body }: CheckInVariables) =>
      api.call(checkInsApi.checkIn, {
        params: { id },
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // The same key makes a retry safe, but only a lost answer is worth one: a 409 is final.
    retry: retryMutation,
    onSuccess: ({ quest, checkIn }) =>
      applyCheckIn(queryClient, quest, {
        day: checkIn.day,
        checkedIn: true,
        tasksDone: checkIn.taskIds.length,
      }),
    // A 4xx (e.g. 409: already checked in on another device) means the screen is stale.
    onError: (error) => {
      if (isFinal(error)) invalidateQuest(queryClient, id);
    },
  });
  return {
    ...mutation,
    /** Resolves null when a check-in is already on its way (a double tap). */
    async checkIn(variables: CheckInRequest): Promise<CheckInResponse | null> {
      if (inFlight.current) return null;
      inFlight.current = true;
      const scope = checkInScope(id, variables.day ?? 'today', today);
      try {
        const response = await mutation.mutateAsync({
          ...variables,
          idempotencyKey: checkInKeys.get(scope),
        });
        checkInKeys.release(scope);
        return response;
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
