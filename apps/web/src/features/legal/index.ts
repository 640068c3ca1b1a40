/*
 * The public face of the legal feature: the Terms of Service and the Privacy Policy, open to
 * everyone, and where people write to us. The pages load on demand from routes.ts.
 */
export { SUPPORT_EMAIL } from './legal-facts';
export { legalRoutes } from './routes';
