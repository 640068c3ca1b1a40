import type { CheckInRequest } from '@doers/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { randomId } from '../../../lib/random-id';
import { invalidateQuest } from './invalidate-quest';
import { deleteTodayCheckIn, postCheckIn } from './quests-api';

interface CheckInVariables extends CheckInRequest {
  /** One per attempt the person makes; the mutation's own retry reuses it. */
  idempotencyKey?: string;
}

export function useCheckIn(id: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ idempotencyKey, ...body }: CheckInVariables & { idempotencyKey: string }) =>
      postCheckIn(id, body, idempotencyKey),
    // The same key makes a retry safe, but only a lost answer is worth one: a 409 is final.
    retry: (failures, error) =>
      failures < 1 && (!isApiError(error) || error.statusCode === 0 || error.statusCode >= 500),
    onSuccess: (response) => invalidateQuest(queryClient, id, response.quest),
  });
  return {
    ...mutation,
    /** Each press is a new attempt with a fresh key. */
    checkIn: (variables: CheckInVariables) =>
      mutation.mutateAsync({
        ...variables,
        idempotencyKey: variables.idempotencyKey ?? randomId(),
      }),
  };
}

export function useUndoCheckIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTodayCheckIn(id),
    onSuccess: (quest) => invalidateQuest(queryClient, id, quest),
  });
}
