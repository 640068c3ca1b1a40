import { statsApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { StatsReportService } from './stats-report.js';

export function statsRoutes(route: Route, deps: { statsReport: StatsReportService }): void {
  route(statsApi.report, ({ auth }) => deps.statsReport.report(auth.userId));
}
