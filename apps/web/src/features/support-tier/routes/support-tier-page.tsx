import { PAID_TIERS, type BillingStatus, type PaidTier } from '@doers/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState, SkeletonList } from '../../../components/ui/state-panels';
import { errorMessage } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBillingStatus, useCheckout, useSetRenewing } from '../api/billing-api';
import { TierCard } from '../components/tier-card';
import { standingText, TIER_NAMES } from '../tier-text';
import '../../../components/ui/state-panels.css';
import './support-tier-page.css';

const isPaidTier = (tier: string): tier is PaidTier => PAID_TIERS.some((t) => t === tier);

/**
 * /settings/support-tier (docs/product/support-tiers.md): the three tiers with their limits and
 * prices, mine and how it stands, and paying through the provider's checkout when there is one.
 */
export function SupportTierPage() {
  usePageTitle('Support tier');
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  const query = useBillingStatus(returned === 'done');
  const status = query.data;

  return (
    <div className="page support-tier-page">
      <h1 className="support-tier-page__title">Support tier</h1>
      <p className="muted">
        Doers is free to use. A support tier keeps it running and gives you more room: more active
        quests and longer voice notes.
      </p>
      {returned === 'done' && status?.paymentStatus === 'Unpaid' && (
        <Alert tone="info" title="Thank you!">
          Your new tier starts as soon as the payment is confirmed. This takes a few seconds.
        </Alert>
      )}
      {returned === 'done' && status?.paymentStatus === 'Paid' && (
        <Alert tone="success" title="Thank you for supporting Doers!">
          You are on {TIER_NAMES[status.supporterTier]} now, and its limits apply everywhere.
        </Alert>
      )}
      {returned === 'cancelled' && (
        <Alert tone="info">Checkout was cancelled. Nothing was charged.</Alert>
      )}
      {query.isPending && <SkeletonList count={3} label="Loading the tiers" />}
      {query.isError && (
        <ErrorState
          title="The tiers did not load"
          message={errorMessage(query.error, 'Something went wrong')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {status && <Tiers status={status} />}
    </div>
  );
}

function Tiers({ status }: { status: BillingStatus }) {
  const checkout = useCheckout();
  const renewing = useSetRenewing();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const standing = standingText(status);
  const subscription = status.subscription;
  const running = subscription && subscription.status !== 'ended';
  // Paying is possible with a provider, for someone not granted a tier, with nothing running.
  const canPay = status.provider !== null && status.paymentStatus !== 'Exempt' && !running;

  return (
    <>
      <section className="card my-tier" aria-label="Your tier">
        <p>
          You are on <strong>{TIER_NAMES[status.supporterTier]}</strong>
          {status.paymentStatus === 'Paid' && ' · paid'}
          {status.paymentStatus === 'Exempt' && ' · exempt from payment'}
        </p>
        {standing && <p className="muted">{standing}</p>}
        {subscription?.status === 'active' && (
          <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
            Cancel subscription
          </Button>
        )}
        {subscription?.status === 'cancelling' && (
          <Button loading={renewing.isPending} onClick={() => renewing.mutate(true)}>
            Keep {TIER_NAMES[subscription.tier]}
          </Button>
        )}
        {renewing.isError && <Alert>{errorMessage(renewing.error, 'Something went wrong')}</Alert>}
      </section>

      {status.provider === null && (
        <Alert tone="info" title="Payments are not set up here">
          This Doers server takes no payments. The Doers team can grant a tier: ask them if you need
          more room.
        </Alert>
      )}
      {checkout.isError && <Alert>{errorMessage(checkout.error, 'Something went wrong')}</Alert>}

      <ul className="tier-list">
        {status.tiers.map((offer) => {
          const isMine = offer.tier === status.supporterTier;
          const paid = isPaidTier(offer.tier) ? offer.tier : null;
          return (
            <TierCard
              key={offer.tier}
              offer={offer}
              isMine={isMine}
              action={
                paid &&
                canPay &&
                !isMine && (
                  <Button
                    block
                    loading={checkout.isPending && checkout.variables === paid}
                    disabled={checkout.isPending}
                    onClick={() => checkout.mutate(paid)}
                  >
                    Choose {TIER_NAMES[paid]}
                  </Button>
                )
              }
            />
          );
        })}
      </ul>
      <p className="muted support-tier-page__note">
        Going down a tier deletes nothing: quests over the new limit stay active, and new ones wait
        until you are under it.
        {status.provider === 'stripe' &&
          ' Payments are handled by Stripe; Doers never sees your card.'}
      </p>

      <ConfirmDialog
        open={confirmCancel}
        title="Cancel your subscription?"
        confirmLabel="Cancel subscription"
        cancelLabel={`Keep ${subscription ? TIER_NAMES[subscription.tier] : 'it'}`}
        tone="danger"
        loading={renewing.isPending}
        onConfirm={() => renewing.mutate(false, { onSettled: () => setConfirmCancel(false) })}
        onClose={() => setConfirmCancel(false)}
      >
        <p>
          Your tier stays until the end of the month you paid for, then you are on Free. Nothing you
          made is deleted.
        </p>
      </ConfirmDialog>
    </>
  );
}
