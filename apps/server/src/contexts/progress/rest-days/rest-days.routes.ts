import { restDaysApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { RestDaysService } from './rest-days.service.js';

export function restDaysRoutes(route: Route, deps: { restDays: RestDaysService }): void {
  const { restDays } = deps;
  route(restDaysApi.list, ({ auth, now }) => restDays.list(auth.userId, now));
  route(restDaysApi.add, ({ auth, body, now }) => restDays.add(auth.userId, body.day, now));
  route(restDaysApi.remove, ({ auth, params, now }) =>
    restDays.remove(auth.userId, params.day, now),
  );
}
