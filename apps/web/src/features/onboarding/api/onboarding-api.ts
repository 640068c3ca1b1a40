import {
  onboardingProgress,
  type OnboardingProgress,
  type OnboardingStep,
  type OnboardingStepRequest,
} from '@doers/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { withStepDone } from '../lib/onboarding-steps';

const progressKey = queryKeys.onboardingProgress;

/** Cached 5 minutes, one retry (docs/product/onboarding.md). */
export function useOnboardingProgress(enabled: boolean) {
  return useQuery({
    queryKey: progressKey,
    queryFn: ({ signal }): Promise<OnboardingProgress> =>
      api.get('/users/onboarding/progress', { schema: onboardingProgress, signal }),
    enabled,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

export function useSaveOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: OnboardingStep): Promise<OnboardingProgress> => {
      const body: OnboardingStepRequest = { step };
      return api.post('/users/onboarding/progress', body, { schema: onboardingProgress });
    },
    onSuccess: (progress) => {
      queryClient.setQueryData(progressKey, progress);
      void queryClient.invalidateQueries({ queryKey: progressKey }); // refetched on success
    },
    onError: (error, step) => {
      // A save failure is only logged (docs/product/onboarding.md). Moving on locally keeps the
      // person from being stuck on a step they already finished; the server copy catches up on the
      // next save.
      console.error(`Could not save onboarding step ${step}`, error);
      queryClient.setQueryData<OnboardingProgress>(progressKey, (old) => withStepDone(old, step));
    },
  });
}
