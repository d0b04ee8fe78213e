/** What other features may use of notifications: sending stored rows to their users' open pages after commit. */
export { deliverNotifications } from './deliver';
export type { NotificationRow } from './to-notification';
