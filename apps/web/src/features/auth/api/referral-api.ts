import {
  validateReferralResponse,
  type ValidateReferralRequest,
  type ValidateReferralResponse,
} from '@doers/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function validateReferral(
  referralCode: string,
  signal?: AbortSignal,
): Promise<ValidateReferralResponse> {
  const body: ValidateReferralRequest = { referralCode };
  return api.post('/auth/validate-referral', body, { schema: validateReferralResponse, signal });
}

/**
 * Checked once on arrival at /register (docs/product/referrals-and-founders.md); an answer is final
 * for the visit.
 */
export function useReferralValidation(referralCode: string | null) {
  return useQuery({
    queryKey: ['referral', referralCode],
    queryFn: ({ signal }) => validateReferral(referralCode ?? '', signal),
    enabled: Boolean(referralCode),
    staleTime: Infinity,
    retry: false,
  });
}
