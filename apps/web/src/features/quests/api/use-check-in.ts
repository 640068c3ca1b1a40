import type { CheckInRequest, CheckInResponse } from '@doers/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { isApiError } from '../../../lib/api-error';
import { retryMutation } from '../../../lib/mutation-retry';
import { randomId } from '../../../lib/random-id';
import { checkInScope, createKeyRing } from '../lib/idempotency-keys';
import { invalidateQuest } from './invalidate-quest';
import { deleteTodayCheckIn, postCheckIn } from './quests-api';

interface CheckInVariables extends CheckInRequest {
  /** Reused by every attempt at the same quest and day; the mutation's own retry too. */
  idempotencyKey: string;
}

/** Shared by every check-in button, so the list and the quest page reuse the same key. */
const checkInKeys = createKeyRing(randomId);

export function useCheckIn(id: string) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: ({ idempotencyKey, ...body }: CheckInVariables) =>
      postCheckIn(id, body, idempotencyKey),
    // The same key makes a retry safe, but only a lost answer is worth one: a 409 is final.
    retry: retryMutation,
    onSuccess: (response) => invalidateQuest(queryClient, id, response.quest),
    // A 4xx (e.g. 409: already checked in on another device) means the screen is stale.
    onError: (error) => {
      if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) {
        invalidateQuest(queryClient, id);
      }
    },
  });
  return {
    ...mutation,
    /** Resolves null when a check-in is already on its way (a double tap). */
    async checkIn(variables: CheckInRequest): Promise<CheckInResponse | null> {
      if (inFlight.current) return null;
      inFlight.current = true;
      const scope = checkInScope(id, variables.day ?? 'today', new Date());
      try {
        const response = await mutation.mutateAsync({
          ...variables,
          idempotencyKey: checkInKeys.get(scope),
        });
        checkInKeys.release(scope);
        return response;
      } catch (error) {
        // A 4xx is a final answer: the next attempt is a new one. Lost answers keep the key.
        if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) {
          checkInKeys.release(scope);
        }
        throw error;
      } finally {
        inFlight.current = false;
      }
    },
  };
}

export function useUndoCheckIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTodayCheckIn(id),
    onSuccess: (quest) => invalidateQuest(queryClient, id, quest),
  });
}
