import { questsApi } from '@doers/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { isApiError } from '../../../../lib/api-error';
import { questKeys } from '../../quest-keys';

/** A 404 or 403 is an answer ("not there or not yours"), not a hiccup worth retrying. */
export const retryUnlessMissing = (failures: number, error: Error) =>
  !(isApiError(error) && (error.statusCode === 404 || error.statusCode === 403)) && failures < 1;

export function useQuest(id: string) {
  return useQuery({
    queryKey: questKeys.detail(id),
    queryFn: ({ signal }) => api.call(questsApi.get, { params: { id }, signal }),
    retry: retryUnlessMissing,
    refetchOnMount: true,
    staleTime: 60_000,
  });
}
