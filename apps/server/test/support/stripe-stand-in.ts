import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type StandInRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The form-encoded body, as key → value (`metadata[tier]` → `supporter`). */
  form: Record<string, string>;
};

type Session = { id: string; form: Record<string, string> };

/**
 * A local HTTP server standing in for Stripe (the payment provider is the one thing we do not
 * run). It records each API call and answers what Stripe would for the calls Doers makes. Given
 * where Doers' webhook is and its secret, it also serves the checkout page: "Pay" sends the
 * signed events Stripe would send, then returns to the session's success URL, as Stripe does.
 */
export async function startStripeStandIn(webhook?: { url: string; secret: string }, port = 0) {
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, Session>();
  let failing = false;
  let base = '';

  const api = (req: IncomingMessage, res: ServerResponse, form: Record<string, string>) => {
    const path = req.url ?? '';
    requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      form,
    });
    res.setHeader('content-type', 'application/json');
    if (failing) {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stand-in is down' } }));
      return;
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${requests.length}`;
      sessions.set(id, { id, form });
      const url = webhook ? `${base}/pay/${id}` : `https://checkout.stripe.com/c/pay/${id}`;
      res.end(JSON.stringify({ id, object: 'checkout.session', mode: 'subscription', url }));
      return;
    }
    const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (req.method === 'POST' && subscription) {
      res.end(
        JSON.stringify({
          id: subscription[1],
          object: 'subscription',
          cancel_at_period_end: form['cancel_at_period_end'] === 'true',
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No route' } }));
  };

  const checkoutPage = async (req: IncomingMessage, res: ServerResponse, session: Session) => {
    const f = session.form;
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      const amount = Number(f['line_items[0][price_data][unit_amount]']) / 100;
      const name = f['line_items[0][price_data][product_data][name]'] ?? '';
      res.end(`<!doctype html><html lang="en"><head><title>Stripe stand-in checkout</title></head>
        <body><main><h1>Pay €${amount} a month for ${name}</h1>
        <form method="post"><button type="submit">Pay</button></form>
        <a href="${f['cancel_url']}">Back</a></main></body></html>`);
      return;
    }
    const userId = f['client_reference_id'] ?? '';
    const metadata = { userId, tier: f['metadata[tier]'] ?? '' };
    const subscription = `sub_${session.id}`;
    const customer = `cus_${userId}`;
    const now = Math.floor(Date.now() / 1000);
    await send('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: userId,
      metadata,
      customer,
      subscription,
    });
    await send('customer.subscription.created', {
      id: subscription,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      customer,
      metadata,
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: now + 30 * 86_400 }] },
    });
    res.writeHead(303, { location: f['success_url'] ?? '/' });
    res.end();
  };

  let events = 0;
  const send = async (type: string, object: Record<string, unknown>) => {
    if (!webhook) return;
    const payload = JSON.stringify({
      id: `evt_standin_${++events}_${Date.now()}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
    const res = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    if (!res.ok) throw new Error(`The webhook answered ${res.status}: ${await res.text()}`);
  };

  const server = createServer((req, res) => {
    void readBody(req)
      .then(async (text) => {
        const form = Object.fromEntries(new URLSearchParams(text));
        const page = /^\/pay\/([\w-]+)$/.exec(req.url ?? '');
        const session = page && sessions.get(page[1] ?? '');
        if (session) await checkoutPage(req, res, session);
        else api(req, res, form);
      })
      .catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    /** Every API call answers 500 from now on (or again works). */
    fail(on: boolean) {
      failing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
