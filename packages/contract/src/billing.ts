import { z } from 'zod';
import { PAYMENT_STATUSES, SUPPORTER_TIERS, TIER_LIMITS, type SupporterTier } from './constants.js';
import { endpoint } from './http.js';

/**
 * Support tiers (docs/product/support-tiers.md): free, or a monthly supporter or champion
 * subscription through the payment provider (Stripe Checkout when it is configured).
 */
export const PAID_TIERS = ['supporter', 'champion'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

/** What each tier costs, in cents per month. */
export const TIER_PRICES: Record<SupporterTier, { cents: number; currency: 'eur' }> = {
  free: { cents: 0, currency: 'eur' },
  supporter: { cents: 300, currency: 'eur' },
  champion: { cents: 800, currency: 'eur' },
};

export const tierOffer = z.object({
  tier: z.enum(SUPPORTER_TIERS),
  limits: z.object({
    quests: z.number().int(),
    postDuration: z.number().int(),
    dmDuration: z.number().int(),
  }),
  price: z.object({ cents: z.number().int(), currency: z.literal('eur') }),
});
export type TierOffer = z.infer<typeof tierOffer>;

export const TIER_OFFERS: TierOffer[] = SUPPORTER_TIERS.map((tier) => ({
  tier,
  limits: TIER_LIMITS[tier],
  price: TIER_PRICES[tier],
}));

export const SUBSCRIPTION_STATUSES = ['active', 'cancelling', 'past_due', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /billing: the tiers, mine, and my subscription if I ever had one. */
export const billingStatus = z.object({
  /** null: no payment provider is configured on this server. */
  provider: z.enum(['stripe']).nullable(),
  tiers: z.array(tierOffer),
  supporterTier: z.enum(SUPPORTER_TIERS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  subscription: z
    .object({
      tier: z.enum(PAID_TIERS),
      status: z.enum(SUBSCRIPTION_STATUSES),
      /** When the paid period ends (it renews then, or drops to free when cancelling). */
      periodEnd: z.string().nullable(),
    })
    .nullable(),
});
export type BillingStatus = z.infer<typeof billingStatus>;

export const checkoutRequest = z.object({
  tier: z.enum(PAID_TIERS, 'Choose a tier: supporter or champion'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** Where to send the person to pay (the provider's hosted page). */
export const checkoutSession = z.object({ url: z.url() });
export type CheckoutSession = z.infer<typeof checkoutSession>;

export const PAYMENTS_NOT_SET_UP = 'Payments are not set up on this server';

export const billingApi = {
  status: endpoint({
    method: 'GET',
    path: '/billing',
    access: 'signed-in',
    response: billingStatus,
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/billing/checkout',
    access: 'signed-in',
    body: checkoutRequest,
    response: checkoutSession,
  }),
  /** Stops renewing: the tier stays until the paid period ends, then it is free. */
  cancel: endpoint({
    method: 'POST',
    path: '/billing/cancel',
    access: 'signed-in',
    response: billingStatus,
    idempotent: true,
  }),
  /** Renews again, before the period ends. */
  resume: endpoint({
    method: 'POST',
    path: '/billing/resume',
    access: 'signed-in',
    response: billingStatus,
    idempotent: true,
  }),
  /** Stripe's signed events: the raw body, checked against the Stripe-Signature header. */
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/billing/stripe/webhook',
    access: 'public',
    response: z.object({ received: z.literal(true) }),
  }),
};
