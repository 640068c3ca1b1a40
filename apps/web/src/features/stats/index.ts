/*
 * The public face of the stats feature (/stats): the route. The screen loads on demand from
 * routes.ts, and its charts (Chart.js) on demand from the screen.
 */
export { statsRoutes } from './routes';
