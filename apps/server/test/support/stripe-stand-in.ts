import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The form-encoded body, as key → value (`metadata[tier]` → `supporter`). */
  form: Record<string, string>;
};

/**
 * A local HTTP server standing in for api.stripe.com (the payment provider is the one thing we
 * do not run): it records each call and answers what Stripe would for the calls Doers makes.
 */
export async function startStripeStandIn() {
  const requests: StandInRequest[] = [];
  let failing = false;
  const server: Server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const form = Object.fromEntries(new URLSearchParams(text));
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
        res.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            mode: 'subscription',
            url: `https://checkout.stripe.com/c/pay/${id}`,
          }),
        );
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
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Every call answers 500 from now on (or again works). */
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
