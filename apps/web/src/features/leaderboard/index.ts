/*
 * The public face of the leaderboard feature (/leaderboard): the route, and the "hide me"
 * switch that /settings/privacy shows. The screen loads on demand from routes.ts.
 */
export { leaderboardRoutes } from './routes';
export { LeaderboardPrivacySection } from './components/leaderboard-privacy-section';
