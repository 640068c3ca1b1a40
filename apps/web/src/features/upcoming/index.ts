export { UpcomingPage } from './routes/upcoming-page';
export { UPCOMING_SCREENS, type UpcomingScreen } from './upcoming-screens';
