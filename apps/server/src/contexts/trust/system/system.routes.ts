import { systemApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { SystemService } from './system.service.js';

export function systemRoutes(route: Route, deps: { system: SystemService }): void {
  route(systemApi.health, async ({ reply }) => {
    const health = await deps.system.health();
    void reply.status(health.database.ok ? 200 : 503).header('cache-control', 'no-store');
    return health;
  });
  route(systemApi.live, ({ reply }) => {
    void reply.header('cache-control', 'no-store');
    return deps.system.live();
  });
  route(systemApi.ready, async ({ reply }) => {
    const readiness = await deps.system.ready();
    void reply.status(readiness.status === 'ready' ? 200 : 503).header('cache-control', 'no-store');
    return readiness;
  });
  route(systemApi.config, () => deps.system.config());
}
