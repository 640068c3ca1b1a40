import {
  PAYMENTS_NOT_SET_UP,
  TIER_OFFERS,
  type BillingStatus,
  type CheckoutRequest,
  type CheckoutSession,
  type PaidTier,
} from '@doers/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../../db/database.js';
import type { Clock } from '../../../platform/clock.js';
import { badRequest, conflict, HttpError, notFound } from '../../../platform/errors.js';
import type { UsersService } from '../users/users.service.js';
import type { BillingRepository, SubscriptionRow } from './billing.repository.js';
import { ForgedEventError, type PaymentEvent, type PaymentProvider } from './payment-provider.js';

/**
 * Support tiers paid through a provider (docs/product/support-tiers.md). The provider's events
 * are the truth: a tier starts when checkout is paid, and a cancelled or unpaid subscription
 * falls back to free when its paid period ends (the `billing.expire` job). Limits follow the
 * tier at once; going down a tier deletes nothing.
 */
export class BillingService {
  constructor(
    private readonly deps: {
      db: Database;
      billing: BillingRepository;
      users: UsersService;
      provider: PaymentProvider | null;
      clock: Clock;
      publicUrl: string;
      log: FastifyBaseLogger;
    },
  ) {}

  async status(userId: string): Promise<BillingStatus> {
    const [user, subscription] = await Promise.all([
      this.deps.users.find(userId),
      this.deps.billing.ofUser(userId),
    ]);
    if (!user) throw notFound('User not found');
    return {
      provider: this.deps.provider?.name ?? null,
      tiers: TIER_OFFERS,
      supporterTier: user.supporter_tier,
      paymentStatus: user.payment_status,
      subscription: subscription
        ? {
            tier: subscription.tier,
            status: subscription.status,
            periodEnd: subscription.period_end?.toISOString() ?? null,
          }
        : null,
    };
  }

  async checkout(userId: string, input: CheckoutRequest): Promise<CheckoutSession> {
    const provider = this.requireProvider();
    const [user, subscription] = await Promise.all([
      this.deps.users.find(userId),
      this.deps.billing.ofUser(userId),
    ]);
    if (!user) throw notFound('User not found');
    if (user.payment_status === 'Exempt')
      throw conflict('Your tier was granted by the Doers team: there is nothing to pay');
    if (subscription && subscription.status !== 'ended')
      throw conflict(
        'You already have a subscription: cancel it first, or wait for it to end, to change tier',
      );
    try {
      return await provider.checkout({
        userId,
        email: user.email,
        tier: input.tier,
        customerId: subscription?.customer_id ?? null,
        returnUrl: `${this.deps.publicUrl}/settings/support-tier`,
      });
    } catch (error) {
      throw this.unreachable(error);
    }
  }

  /** Stops renewing; the tier stays until the paid period ends. */
  cancel(userId: string): Promise<BillingStatus> {
    return this.setRenewing(userId, false);
  }

  /** Deleting an account: a renewing subscription stops renewing (nothing to do without one). */
  async stopRenewing(userId: string): Promise<void> {
    const subscription = await this.deps.billing.ofUser(userId);
    if (subscription?.status === 'active') await this.cancel(userId);
  }

  resume(userId: string): Promise<BillingStatus> {
    return this.setRenewing(userId, true);
  }

  private async setRenewing(userId: string, renew: boolean): Promise<BillingStatus> {
    const provider = this.requireProvider();
    const subscription = await this.deps.billing.ofUser(userId);
    const from = renew ? 'cancelling' : 'active';
    if (!subscription || subscription.status !== from) {
      throw conflict(
        renew
          ? 'There is no cancelled subscription to resume'
          : 'You have no subscription to cancel',
      );
    }
    try {
      await provider.setCancelAtPeriodEnd(subscription.subscription_id, !renew);
    } catch (error) {
      throw this.unreachable(error);
    }
    // The provider's event will say the same; the page shows it now.
    await this.deps.billing.setStatus(
      this.deps.db,
      subscription.subscription_id,
      renew ? 'active' : 'cancelling',
      this.deps.clock.now(),
    );
    return this.status(userId);
  }

  /** A webhook: checked, then applied exactly once (a redelivered event changes nothing). */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<void> {
    const provider = this.requireProvider();
    if (!signature) throw badRequest('The event has no signature');
    let event: PaymentEvent;
    try {
      event = provider.readEvent(rawBody, signature, this.deps.clock.now());
    } catch (error) {
      if (error instanceof ForgedEventError || error instanceof SyntaxError)
        throw badRequest('The event signature does not match');
      throw error;
    }
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      if (!(await this.deps.billing.firstTime(tx, event, now))) return;
      await this.apply(tx, event, provider.name, now);
    });
  }

  private async apply(tx: Queryable, e: PaymentEvent, provider: string, now: Date) {
    switch (e.kind) {
      case 'checkout-paid': {
        await this.deps.billing.save(tx, { ...rowOf(e, provider, now), status: 'active' });
        await this.deps.users.setTier(e.userId, e.tier, 'Paid', tx);
        return;
      }
      case 'subscription-changed': {
        const known = await this.deps.billing.bySubscriptionId(tx, e.subscriptionId);
        // A subscription that is not the person's latest (an old one ending) changes nothing.
        const latest = await this.deps.billing.ofUser(e.userId, tx);
        if (!known && latest && latest.status !== 'ended') return;
        await this.deps.billing.save(tx, {
          ...rowOf(e, provider, now),
          status: e.state,
          period_end: e.periodEnd,
        });
        if (e.state === 'active') await this.deps.users.setTier(e.userId, e.tier, 'Paid', tx);
        else if (e.state === 'ended') await this.dropToFree(tx, e.userId);
        else if (!e.periodEnd || e.periodEnd <= now) await this.end(tx, e.subscriptionId, now);
        return;
      }
      case 'subscription-ended':
        await this.end(tx, e.subscriptionId, now);
        return;
      case 'payment-failed': {
        const known = await this.deps.billing.bySubscriptionId(tx, e.subscriptionId);
        if (!known || known.status === 'ended') return;
        await this.deps.billing.setStatus(tx, e.subscriptionId, 'past_due', now);
        if (!known.period_end || known.period_end <= now) await this.end(tx, e.subscriptionId, now);
        return;
      }
      case 'other':
        return;
    }
  }

  /** The `billing.expire` job: paid periods that ran out while cancelling or unpaid. */
  async expire(): Promise<number> {
    const now = this.deps.clock.now();
    const ended = await this.deps.billing.ended(now);
    for (const s of ended) {
      await this.deps.db.transaction((tx) => this.end(tx, s.subscription_id, now));
    }
    return ended.length;
  }

  private async end(tx: Queryable, subscriptionId: string, now: Date): Promise<void> {
    const s: SubscriptionRow | undefined = await this.deps.billing.bySubscriptionId(
      tx,
      subscriptionId,
    );
    if (!s || s.status === 'ended') return;
    await this.deps.billing.setStatus(tx, subscriptionId, 'ended', now);
    await this.dropToFree(tx, s.user_id);
  }

  /** Back to free, its limits at once; a tier the team granted (Exempt) stays. */
  private async dropToFree(tx: Queryable, userId: string): Promise<void> {
    const user = await this.deps.users.find(userId, tx);
    if (!user || user.payment_status === 'Exempt') return;
    await this.deps.users.setTier(userId, 'free', 'Unpaid', tx);
  }

  private requireProvider(): PaymentProvider {
    if (!this.deps.provider) throw new HttpError(501, PAYMENTS_NOT_SET_UP);
    return this.deps.provider;
  }

  /** The provider did not answer or refused: the person is told, nothing changed here. */
  private unreachable(error: unknown): HttpError {
    if (error instanceof HttpError) return error;
    this.deps.log.error({ err: error }, 'the payment provider failed');
    return new HttpError(502, 'The payment provider did not answer. Please try again.');
  }
}

/** The subscription row an event describes, whatever its status. */
function rowOf(
  e: { userId: string; customerId: string; subscriptionId: string; tier: PaidTier },
  provider: string,
  now: Date,
) {
  return {
    user_id: e.userId,
    provider,
    customer_id: e.customerId,
    subscription_id: e.subscriptionId,
    tier: e.tier,
    updated_at: now,
  };
}
