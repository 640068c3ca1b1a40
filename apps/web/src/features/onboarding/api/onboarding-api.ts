import { onboardingApi, type OnboardingProgress, type OnboardingStep } from '@doers/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withStepDone } from '../lib/onboarding-steps';
import { onboardingKeys } from '../onboarding-keys';

const progressKey = onboardingKeys.progress;

/** Cached 5 minutes, one retry (docs/product/onboarding.md). */
export function useOnboardingProgress(enabled: boolean) {
  return useQuery({
    queryKey: progressKey,
    queryFn: ({ signal }) => api.call(onboardingApi.progress, { signal }),
    enabled,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

export function useSaveOnboardingStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: OnboardingStep) => api.call(onboardingApi.completeStep, { body: { step } }),
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
