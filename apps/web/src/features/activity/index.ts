export { ActivityPage } from './routes/activity-page';
