import type {
  ApiErrorBody,
  AuthResponse,
  BillingStatus,
  CheckoutSession,
  User,
} from '@doers/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerFounder, registerReferred } from '../../../../test/support/people.js';
import { createQuest } from '../../../../test/support/quests.js';
import { startStripeStandIn } from '../../../../test/support/stripe-stand-in.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { passTime } from '../../../../test/support/time.js';

const SECRET = 'whsec_doers_test_secret';
const DAY_S = 86_400;

describe('support tiers without a payment provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());

  it('shows the tiers and their prices, and says payments are not set up here', async () => {
    const { auth: host } = await registerFounder(server);
    const { auth } = await registerReferred(server, host.user.referralCode);
    const status = await server.request<BillingStatus>('GET', '/api/billing', as(auth));
    expect(status.body).toMatchObject({
      provider: null,
      supporterTier: 'free',
      paymentStatus: 'Unpaid',
      subscription: null,
    });
    expect(status.body.tiers.map((t) => [t.tier, t.limits, t.price.cents])).toEqual([
      ['free', { quests: 1, postDuration: 120, dmDuration: 120 }, 0],
      ['supporter', { quests: 5, postDuration: 300, dmDuration: 300 }, 300],
      ['champion', { quests: 20, postDuration: 600, dmDuration: 600 }, 800],
    ]);
    const checkout = await server.request<ApiErrorBody>('POST', '/api/billing/checkout', {
      ...as(auth),
      body: { tier: 'supporter' },
    });
    expect(checkout.status).toBe(501);
    expect(checkout.body.message).toBe('Payments are not set up on this server');
  });
});

describe('support tiers paid through Stripe', () => {
  let server: TestServer;
  let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
  const logs: string[] = [];
  let n = 0;
  /** Founders are Exempt: the people who pay are members, each invited by this founder. */
  let host: AuthResponse;
  const memberOf = async () => (await registerReferred(server, host.user.referralCode)).auth;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startTestServer(
      {
        RATE_LIMIT_FACTOR: '20',
        LOG_LEVEL: 'error',
        STRIPE_SECRET_KEY: 'sk_test_doers',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_URL: stripe.url,
      },
      { logs },
    );
    host = (await registerFounder(server)).auth;
  });
  afterAll(async () => {
    await server.close();
    await stripe.close();
  });

  const me = async (auth: AuthResponse) =>
    (await server.request<User>('GET', '/api/users/me', as(auth))).body;
  const billing = async (auth: AuthResponse) =>
    (await server.request<BillingStatus>('GET', '/api/billing', as(auth))).body;
  const now = () => Math.floor(server.clock.now().getTime() / 1000);

  /** An event as Stripe sends it: JSON signed with the endpoint's secret at the server's time. */
  const signed = (type: string, object: Record<string, unknown>, secret = SECRET) => {
    const payload = JSON.stringify({
      id: `evt_test_${++n}`,
      object: 'event',
      type,
      created: now(),
      data: { object },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now() });
    return { payload, header };
  };
  const deliver = (event: { payload: string; header: string }) =>
    server.request<ApiErrorBody>('POST', '/api/billing/stripe/webhook', {
      raw: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
    });
  const paidCheckout = (auth: AuthResponse, tier: string, sub = `sub_${auth.user.id}`) =>
    signed('checkout.session.completed', {
      id: `cs_${sub}`,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: auth.user.id,
      metadata: { userId: auth.user.id, tier },
      customer: `cus_${auth.user.id}`,
      subscription: sub,
    });
  const subscriptionUpdate = (
    auth: AuthResponse,
    tier: string,
    fields: { status: string; cancel_at_period_end?: boolean; periodEnd: number },
    type = 'customer.subscription.updated',
  ) =>
    signed(type, {
      id: `sub_${auth.user.id}`,
      object: 'subscription',
      status: fields.status,
      cancel_at_period_end: fields.cancel_at_period_end ?? false,
      cancel_at: null,
      customer: `cus_${auth.user.id}`,
      metadata: { userId: auth.user.id, tier },
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: fields.periodEnd }] },
    });

  it('checkout goes to Stripe with who, which tier and its price, and sends me to its page', async () => {
    const auth = await memberOf();
    const res = await server.request<CheckoutSession>('POST', '/api/billing/checkout', {
      ...as(auth),
      body: { tier: 'champion' },
    });
    expect(res.status, JSON.stringify(res.body) + logs.join('\n')).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const call = stripe.requests.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(call.authorization).toBe('Bearer sk_test_doers');
    expect(call.form).toMatchObject({
      mode: 'subscription',
      client_reference_id: auth.user.id,
      customer_email: auth.user.email,
      'metadata[userId]': auth.user.id,
      'metadata[tier]': 'champion',
      'subscription_data[metadata][tier]': 'champion',
      'line_items[0][price_data][unit_amount]': '800',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][recurring][interval]': 'month',
      success_url: 'http://doers.test/settings/support-tier?checkout=done',
    });
    const bad = await server.request<ApiErrorBody>('POST', '/api/billing/checkout', {
      ...as(auth),
      body: { tier: 'free' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('tier: Choose a tier: supporter or champion');
  });

  it('a paid checkout sets the tier and its limits at once; a replayed event changes nothing', async () => {
    const member = await memberOf();
    const paid = paidCheckout(member, 'supporter');
    expect((await deliver(paid)).status).toBe(200);
    expect(await me(member)).toMatchObject({
      supporterTier: 'supporter',
      paymentStatus: 'Paid',
      limits: { quests: 5, postDuration: 300, dmDuration: 300 },
    });
    expect((await billing(member)).subscription).toEqual({
      tier: 'supporter',
      status: 'active',
      periodEnd: null,
    });

    // The subscription ends; the checkout event delivered again must not bring the tier back.
    const ended = signed('customer.subscription.deleted', {
      id: `sub_${member.user.id}`,
      object: 'subscription',
    });
    expect((await deliver(ended)).status).toBe(200);
    expect((await deliver(paid)).status).toBe(200);
    expect(await me(member)).toMatchObject({
      supporterTier: 'free',
      paymentStatus: 'Unpaid',
      limits: { quests: 1, postDuration: 120, dmDuration: 120 },
    });
    const rows = await server.db.query('SELECT id FROM payment_events WHERE id = $1', [
      JSON.parse(paid.payload).id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a forged signature, a changed body and a missing signature, and changes nothing', async () => {
    const auth = await memberOf();
    const forged = paidCheckout(auth, 'champion');
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({
      payload: forged.payload,
      secret: 'whsec_someone_else',
      timestamp: now(),
    });
    const refused = await deliver({ payload: forged.payload, header: wrongSecret });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The event signature does not match');
    const changed = forged.payload.replace('champion', 'supporter');
    expect((await deliver({ payload: changed, header: forged.header })).status).toBe(400);
    const none = await server.request<ApiErrorBody>('POST', '/api/billing/stripe/webhook', {
      raw: forged.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(none.status).toBe(400);
    // A genuine event signed ten minutes ago is a replay from outside: refused too.
    server.clock.advance({ minutes: 10 });
    expect((await deliver(forged)).status).toBe(400);
    expect((await me(auth)).supporterTier).toBe('free');
  });

  it('cancelling keeps the tier to the end of the paid period, then it is free; nothing is deleted', async () => {
    const auth = await memberOf();
    expect((await deliver(paidCheckout(auth, 'champion'))).status).toBe(200);
    const periodEnd = now() + 10 * DAY_S;
    await deliver(subscriptionUpdate(auth, 'champion', { status: 'active', periodEnd }));
    for (const title of ['One', 'Two', 'Three']) await createQuest(server, auth, { title });
    expect((await me(auth)).stats.activeQuests).toBe(3);

    const cancel = await server.request<BillingStatus>('POST', '/api/billing/cancel', as(auth));
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.subscription).toMatchObject({ status: 'cancelling' });
    expect(stripe.requests.at(-1)).toMatchObject({
      path: `/v1/subscriptions/sub_${auth.user.id}`,
      form: { cancel_at_period_end: 'true' },
    });
    // Changed my mind, and changed it back.
    const resumed = await server.request<BillingStatus>('POST', '/api/billing/resume', as(auth));
    expect(resumed.body.subscription).toMatchObject({ status: 'active' });
    expect(stripe.requests.at(-1)?.form).toEqual({ cancel_at_period_end: 'false' });
    await server.request('POST', '/api/billing/cancel', as(auth));
    // Stripe's own event says the same.
    await deliver(
      subscriptionUpdate(auth, 'champion', {
        status: 'active',
        cancel_at_period_end: true,
        periodEnd,
      }),
    );
    expect(await me(auth)).toMatchObject({ supporterTier: 'champion', paymentStatus: 'Paid' });

    await passTime(server, { days: 9 }, auth);
    await server.app.jobs.run('billing.expire');
    expect((await me(auth)).supporterTier).toBe('champion');
    await passTime(server, { days: 2 }, auth);
    await server.app.jobs.run('billing.expire');
    const after = await me(auth);
    expect(after).toMatchObject({
      supporterTier: 'free',
      paymentStatus: 'Unpaid',
      limits: { quests: 1, postDuration: 120, dmDuration: 120 },
    });
    expect((await billing(auth)).subscription?.status).toBe('ended');
    // Going down a tier deletes nothing: three quests stay active, a fourth waits.
    expect(after.stats.activeQuests).toBe(3);
    const fourth = await server.request<ApiErrorBody>('POST', '/api/quests', {
      ...as(auth),
      body: { title: 'Four', category: 'fitness', emoji: '🏃', tasks: [{ title: 'Go' }] },
    });
    expect(fourth.status).toBe(409);
  });

  it('a failed renewal drops to free; paying later brings the tier back', async () => {
    const auth = await memberOf();
    await deliver(paidCheckout(auth, 'supporter'));
    const renewal = now();
    await deliver(subscriptionUpdate(auth, 'supporter', { status: 'active', periodEnd: renewal }));
    const failed = signed('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      parent: { subscription_details: { subscription: `sub_${auth.user.id}` } },
    });
    expect((await deliver(failed)).status).toBe(200);
    expect(await me(auth)).toMatchObject({ supporterTier: 'free', paymentStatus: 'Unpaid' });
    await deliver(
      subscriptionUpdate(auth, 'supporter', { status: 'active', periodEnd: renewal + 30 * DAY_S }),
    );
    expect(await me(auth)).toMatchObject({ supporterTier: 'supporter', paymentStatus: 'Paid' });
  });

  it('a tier the team granted (Exempt) is not taken away by a subscription ending', async () => {
    const auth = await memberOf();
    await deliver(paidCheckout(auth, 'supporter'));
    await server.db.query(`UPDATE users SET payment_status = 'Exempt' WHERE id = $1`, [
      auth.user.id,
    ]);
    await deliver(
      signed('customer.subscription.deleted', {
        id: `sub_${auth.user.id}`,
        object: 'subscription',
      }),
    );
    expect(await me(auth)).toMatchObject({ supporterTier: 'supporter', paymentStatus: 'Exempt' });
    const checkout = await server.request<ApiErrorBody>('POST', '/api/billing/checkout', {
      ...as(auth),
      body: { tier: 'champion' },
    });
    expect(checkout.status).toBe(409);
  });

  it('says so when Stripe does not answer, and nothing changes', async () => {
    const auth = await memberOf();
    stripe.fail(true);
    try {
      const res = await server.request<ApiErrorBody>('POST', '/api/billing/checkout', {
        ...as(auth),
        body: { tier: 'supporter' },
      });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('The payment provider did not answer. Please try again.');
    } finally {
      stripe.fail(false);
    }
    expect((await billing(auth)).subscription).toBeNull();
  });
});
