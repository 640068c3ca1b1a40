import { activityApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { ActivityService } from './activity.service.js';

export function activityRoutes(route: Route, deps: { activity: ActivityService }): void {
  route(activityApi.list, ({ auth, query }) => deps.activity.list(auth.userId, query));
}
