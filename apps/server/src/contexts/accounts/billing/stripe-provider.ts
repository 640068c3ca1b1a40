import { PAID_TIERS, TIER_PRICES, type PaidTier } from '@doers/contract';
import Stripe from 'stripe';
import type { PaymentSettings } from '../../../platform/payment-settings.js';
import { ForgedEventError, type PaymentEvent, type PaymentProvider } from './payment-provider.js';

const TIER_NAMES: Record<PaidTier, string> = {
  supporter: 'Doers Supporter',
  champion: 'Doers Champion',
};

/** Stripe Checkout for subscriptions, and Stripe's signed webhooks (the official library). */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: NonNullable<PaymentSettings['stripe']>) {
    this.stripe = new Stripe(settings.secretKey, {
      ...settings.api,
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Doers' },
    });
  }

  async checkout(input: {
    userId: string;
    email: string;
    tier: PaidTier;
    customerId: string | null;
    returnUrl: string;
  }): Promise<{ url: string }> {
    // Who and which tier travel with the session and its subscription: every later event
    // names them, whatever order they arrive in.
    const metadata = { userId: input.userId, tier: input.tier };
    const price = TIER_PRICES[input.tier];
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      client_reference_id: input.userId,
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: price.currency,
            unit_amount: price.cents,
            recurring: { interval: 'month' },
            product_data: { name: TIER_NAMES[input.tier] },
          },
        },
      ],
      metadata,
      subscription_data: { metadata },
      success_url: `${input.returnUrl}?checkout=done`,
      cancel_url: `${input.returnUrl}?checkout=cancelled`,
    });
    if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
    return { url: session.url };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  }

  readEvent(rawBody: Buffer, signature: string, now: Date): PaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        undefined,
        undefined,
        now.getTime(),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError)
        throw new ForgedEventError('The signature does not match');
      throw error;
    }
    return readStripeEvent(event);
  }
}

function tierOf(metadata: Stripe.Metadata | null | undefined): PaidTier | undefined {
  return PAID_TIERS.find((t) => t === metadata?.['tier']);
}

const idOf = (x: string | { id: string } | null | undefined) =>
  typeof x === 'string' ? x : (x?.id ?? null);

/** The Stripe events that move a tier; everything else is `other`. */
export function readStripeEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      const tier = tierOf(s.metadata);
      const userId = s.client_reference_id ?? s.metadata?.['userId'];
      const subscriptionId = idOf(s.subscription);
      const customerId = idOf(s.customer);
      if (s.mode !== 'subscription' || s.payment_status !== 'paid') break;
      if (!tier || !userId || !subscriptionId || !customerId) break;
      return { ...base, kind: 'checkout-paid', userId, tier, customerId, subscriptionId };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      const tier = tierOf(sub.metadata);
      const userId = sub.metadata['userId'];
      const customerId = idOf(sub.customer);
      if (!tier || !userId || !customerId) break;
      const end = sub.items.data[0]?.current_period_end;
      return {
        ...base,
        kind: 'subscription-changed',
        userId,
        tier,
        customerId,
        subscriptionId: sub.id,
        state: stateOf(sub),
        periodEnd: end ? new Date(end * 1000) : null,
      };
    }
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription-ended', subscriptionId: event.data.object.id };
    case 'invoice.payment_failed': {
      const subscriptionId = idOf(
        event.data.object.parent?.subscription_details?.subscription ?? null,
      );
      if (subscriptionId) return { ...base, kind: 'payment-failed', subscriptionId };
      break;
    }
  }
  return { ...base, kind: 'other' };
}

function stateOf(sub: Stripe.Subscription): 'active' | 'cancelling' | 'past_due' | 'ended' {
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.cancel_at_period_end || sub.cancel_at ? 'cancelling' : 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    default:
      // incomplete, paused: nothing paid yet or nothing running.
      return 'past_due';
  }
}
