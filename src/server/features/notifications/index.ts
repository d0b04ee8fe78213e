/** What other features may use of notifications: storing a row in their own transaction and sending stored rows to their users' open pages after commit. */
export { deliverNotifications } from './deliver';
export { storeNotification } from './store-notification';
export type { NotificationRow } from './to-notification';
