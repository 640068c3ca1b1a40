import { referralsApi, type ValidateReferralResponse } from '@doers/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { authKeys } from '../auth-keys';

export function validateReferral(
  referralCode: string,
  signal?: AbortSignal,
): Promise<ValidateReferralResponse> {
  return api.call(referralsApi.validate, { body: { referralCode }, signal });
}

/** Checked once on arrival at /register; an answer is final for the visit. */
export function useReferralValidation(referralCode: string | null) {
  return useQuery({
    queryKey: authKeys.referral(referralCode),
    queryFn: ({ signal }) => validateReferral(referralCode ?? '', signal),
    enabled: Boolean(referralCode),
    staleTime: Infinity,
    retry: false,
  });
}
