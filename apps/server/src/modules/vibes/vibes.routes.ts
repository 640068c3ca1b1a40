import { vibesApi } from '@doers/contract';
import type { Route } from '../../platform/router.js';
import type { VibesService } from './vibes.service.js';

export function vibesRoutes(route: Route, deps: { vibes: VibesService }): void {
  route(vibesApi.send, ({ auth, body }) => deps.vibes.sendVibe(auth.userId, body));
  route(vibesApi.vibers, ({ auth, query }) => deps.vibes.vibers(auth.userId, query));
  route(vibesApi.removeViber, ({ auth, params }) =>
    deps.vibes.removeViber(auth.userId, params.userId),
  );
}
