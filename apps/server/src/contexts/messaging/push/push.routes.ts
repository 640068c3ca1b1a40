import { pushApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { PushService } from './push.service.js';

export function pushRoutes(route: Route, deps: { push: PushService }): void {
  route(pushApi.key, () => deps.push.key());
  route(pushApi.subscribe, ({ auth, body }) => deps.push.subscribe(auth, body));
  route(pushApi.unsubscribe, ({ auth, body }) => deps.push.unsubscribe(auth.userId, body.endpoint));
}
