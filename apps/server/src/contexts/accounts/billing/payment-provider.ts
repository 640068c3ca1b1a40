import type { PaidTier } from '@doers/contract';

/**
 * A provider's event, reduced to what changes a person's tier. Its id is the provider's: the
 * same event delivered twice has the same id (billing.service.ts processes it once).
 */
export type PaymentEvent = { id: string; type: string } & (
  | {
      /** Paid at checkout: the tier starts now. */
      kind: 'checkout-paid';
      userId: string;
      tier: PaidTier;
      customerId: string;
      subscriptionId: string;
    }
  | {
      /** The subscription as it stands now (created, renewed, cancelling, resumed, overdue). */
      kind: 'subscription-changed';
      userId: string;
      tier: PaidTier;
      customerId: string;
      subscriptionId: string;
      state: 'active' | 'cancelling' | 'past_due' | 'ended';
      periodEnd: Date | null;
    }
  | { kind: 'subscription-ended'; subscriptionId: string }
  | { kind: 'payment-failed'; subscriptionId: string }
  | { kind: 'other' }
);

/** A webhook whose signature does not match: refused, nothing read from it. */
export class ForgedEventError extends Error {}

/** What Doers asks of a payment provider (Stripe: stripe-provider.ts). */
export interface PaymentProvider {
  readonly name: 'stripe';
  /** A hosted payment page for `tier`; the person comes back to `returnUrl`. */
  checkout(input: {
    userId: string;
    email: string;
    tier: PaidTier;
    customerId: string | null;
    returnUrl: string;
  }): Promise<{ url: string }>;
  /** Stop (true) or resume (false) renewing at the end of the paid period. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Checks the signature against the raw body (throws ForgedEventError) and reads the event. */
  readEvent(rawBody: Buffer, signature: string, now: Date): PaymentEvent;
}
