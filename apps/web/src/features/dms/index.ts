/*
 * The public face of the messages feature (/dms): what the router and other features may use.
 * It stays light: the screens load on demand from routes.ts. The realtime stream applies what
 * arrives through the cache updates below (docs/product/messages.md).
 */
export { dmKeys } from './dm-keys';
export { dmsRoutes } from './routes';
export { applyDmDeleted, applyDmListened, applyDmMessage } from './lib/dm-cache';
