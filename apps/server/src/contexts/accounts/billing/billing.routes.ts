import { billingApi } from '@doers/contract';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../../platform/router.js';
import type { BillingService } from './billing.service.js';

export function billingRoutes(route: Route, deps: { billing: BillingService }): void {
  const { billing } = deps;
  route(billingApi.status, ({ auth }) => billing.status(auth.userId));
  route(billingApi.checkout, ({ auth, body }) => billing.checkout(auth.userId, body));
  route(billingApi.cancel, ({ auth }) => billing.cancel(auth.userId));
  route(billingApi.resume, ({ auth }) => billing.resume(auth.userId));
}

/**
 * The provider's webhook, in a scope of its own under /api where a JSON body stays raw bytes:
 * its signature is over the exact bytes the provider sent.
 */
export async function registerBillingWebhook(
  api: FastifyInstance,
  deps: { billing: BillingService; routerFor: (scope: FastifyInstance) => Route },
): Promise<void> {
  await api.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    deps.routerFor(scope)(billingApi.stripeWebhook, async ({ request }) => {
      const signature = request.headers['stripe-signature'];
      await deps.billing.receive(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true as const };
    });
  });
}
