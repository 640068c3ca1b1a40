export { activityKeys } from './activity-keys';
export { activityRoutes } from './routes';
