/*
 * The public face of the safety feature: the report dialog other features open (posts, profiles,
 * messages), the routes of /moderation and /settings/reports, and the suspended person's screen.
 */
export { preloadReportDialog, ReportDialog } from './components/report-dialog-on-demand';
export { safetyRoutes, SUSPENDED_PATH, suspendedRoutes } from './routes';
