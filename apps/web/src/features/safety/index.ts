/*
 * The public face of the safety feature: the report dialog other features open (posts, profiles,
 * messages), and the routes of /moderation and /settings/reports.
 */
export { ReportDialog } from './components/report-dialog';
export { safetyRoutes } from './routes';
