// The public face of the messaging context: what other contexts may use of it.
export { type DmsService } from './dms/dms.service.js';
export { type NotificationsService } from './notifications/notifications.service.js';
