/*
 * The public face of the invites feature (/qr-code: my QR code, link, quota and the people I
 * invited). The screen and its QR library load on demand from routes.ts.
 */
export { invitesRoutes } from './routes';
