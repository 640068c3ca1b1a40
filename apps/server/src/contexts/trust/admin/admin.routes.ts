import { adminApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { AdminService } from './admin.service.js';

export function adminRoutes(route: Route, deps: { admin: AdminService }): void {
  route(adminApi.setTier, ({ auth, params, body }) =>
    deps.admin.setTier(auth.userId, params.id, body),
  );
}
