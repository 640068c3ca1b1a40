/*
 * The public face of the vibes feature (/vibes): what the router and other features may use.
 * The screen loads on demand from routes.ts.
 */
export { vibesRoutes } from './routes';
export { vibesKeys } from './vibes-keys';
export { VIBES_TABS, vibesPath, type VibesTab } from './vibes-tabs';
