/**
 * What other features may use of notifications: a notice stored (bell and push) in their own
 * transaction and sent to open pages after commit, and the pushes that have no bell row.
 */
export { deliverNotifications } from './deliver';
export { queuePayoutPaidPush, queueQueueOfferPush, queueReadingRequestPush } from './push-queue';
export { channelOnSql, emailNotBefore, isEmailOn } from './preferences';
export { storeNotification } from './store-notification';
export type { NotificationRow } from './to-notification';
