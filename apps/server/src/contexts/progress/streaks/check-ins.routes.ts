import { checkInsApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { CheckInsService } from './check-ins.service.js';

export function checkInsRoutes(route: Route, deps: { checkIns: CheckInsService }): void {
  const { checkIns } = deps;
  route(checkInsApi.checkIn, ({ auth, params, body, now }) =>
    checkIns.checkIn(auth.userId, params.id, body, now),
  );
  route(checkInsApi.undoToday, ({ auth, params, now }) =>
    checkIns.undoToday(auth.userId, params.id, now),
  );
  route(checkInsApi.calendar, ({ auth, params, query, now }) =>
    checkIns.calendar(auth.userId, params.id, query.weeks, query.userId, now),
  );
}
