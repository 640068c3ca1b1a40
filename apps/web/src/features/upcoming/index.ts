export { upcomingRoutes } from './routes';
export { UPCOMING_PATHS, type UpcomingPath } from './upcoming-paths';
