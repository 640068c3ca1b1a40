/*
 * The public face of the support-tier feature (/settings/support-tier): the route, and the
 * tier grant an admin sees on a person's profile. The screen loads on demand from routes.ts.
 */
export { supportTierRoutes } from './routes';
export { GrantTier } from './components/grant-tier';
