import { dmsApi } from '@doers/contract';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import type { DmsService } from './dms.service.js';

export function dmsRoutes(route: Route, deps: { dms: DmsService; limits: RateLimits }): void {
  const { dms, limits } = deps;
  route(dmsApi.conversations, ({ auth, query }) => dms.conversations(auth.userId, query));
  route(dmsApi.settings, ({ auth }) => dms.settings(auth.userId));
  route(dmsApi.updateSettings, ({ auth, body }) => dms.updateSettings(auth.userId, body));
  route(dmsApi.open, ({ auth, params }) => dms.open(auth.userId, params.userId));
  route(dmsApi.get, ({ auth, params }) => dms.get(auth.userId, params.id));
  route(dmsApi.messages, ({ auth, params, query }) => dms.messages(auth.userId, params.id, query));
  // Every message notifies its recipient: limited per sender.
  route(dmsApi.send, ({ auth, params, body, request }) =>
    limits.limited('dm', auth.userId, request.ip, () => dms.send(auth.userId, params.id, body)),
  );
  route(dmsApi.read, ({ auth, params }) => dms.read(auth.userId, params.id));
  route(dmsApi.listened, ({ auth, params }) =>
    dms.listened(auth.userId, params.id, params.messageId),
  );
  route(dmsApi.remove, ({ auth, params }) => dms.remove(auth.userId, params.id, params.messageId));
}
