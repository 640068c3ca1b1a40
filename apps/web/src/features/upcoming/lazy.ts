/**
 * The placeholder screens, loaded on demand (route `lazy` in routes.tsx). Import this module
 * only with `import()`: a static import puts them back into the first-load bundle.
 */
export { UpcomingPage } from './routes/upcoming-page';
export { upcomingScreen, type UpcomingScreen } from './upcoming-screens';
