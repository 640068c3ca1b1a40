import { vibesApi } from '@doers/contract';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import type { VibesService } from './vibes.service.js';

export function vibesRoutes(route: Route, deps: { vibes: VibesService; limits: RateLimits }): void {
  // Every vibe notifies its target: limited per sender.
  route(vibesApi.send, ({ auth, body, request }) =>
    deps.limits.limited('vibe', auth.userId, request.ip, () =>
      deps.vibes.sendVibe(auth.userId, body),
    ),
  );
  route(vibesApi.vibers, ({ auth, query }) => deps.vibes.vibers(auth.userId, query));
  route(vibesApi.vibing, ({ auth, query }) => deps.vibes.vibing(auth.userId, query));
  route(vibesApi.received, ({ auth, query }) => deps.vibes.entries(auth.userId, 'received', query));
  route(vibesApi.sent, ({ auth, query }) => deps.vibes.entries(auth.userId, 'sent', query));
  route(vibesApi.removeViber, ({ auth, params }) =>
    deps.vibes.removeViber(auth.userId, params.userId),
  );
  route(vibesApi.stopVibing, ({ auth, params }) =>
    deps.vibes.stopVibing(auth.userId, params.userId),
  );
}
