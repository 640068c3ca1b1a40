/*
 * The public face of the legal feature: the Terms of Service and the Privacy Policy, open to
 * everyone. The pages load on demand from routes.ts.
 */
export { legalRoutes } from './routes';
