import { billingApi, type BillingStatus, type PaidTier } from '@doers/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { invalidateAccount } from '../../../lib/auth/use-account';
import { randomId } from '../../../lib/random-id';

export const billingKeys = { status: ['billing', 'status'] as const };

/**
 * My tier and subscription. Back from checkout, the provider's confirmation may still be on its
 * way: `waitingForPayment` asks again every 2 s until the tier is paid.
 */
export function useBillingStatus(waitingForPayment = false) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: billingKeys.status,
    queryFn: ({ signal }) => api.call(billingApi.status, { signal }),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      waitingForPayment && query.state.data?.paymentStatus === 'Unpaid' ? 2000 : false,
  });
  // The tier sets the limits every screen uses: when it changes, the account is read again.
  const tier = `${query.data?.supporterTier}/${query.data?.paymentStatus}`;
  useEffect(() => {
    if (query.data) invalidateAccount(queryClient);
  }, [tier, queryClient]); // eslint-disable-line react-hooks/exhaustive-deps
  return query;
}

/** Opens the provider's checkout page (a full navigation: it is another site). */
export function useCheckout() {
  return useMutation({
    mutationFn: (tier: PaidTier) => api.call(billingApi.checkout, { body: { tier } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useSetRenewing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (renew: boolean) =>
      api.call(renew ? billingApi.resume : billingApi.cancel, {
        headers: { 'Idempotency-Key': randomId() },
      }),
    onSuccess: (status: BillingStatus) => queryClient.setQueryData(billingKeys.status, status),
  });
}
