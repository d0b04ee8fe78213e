/** What other features may use of the queue: a reader's line as reading actions show it. */
export { queueKeys, useQueuePlace } from './api';
export { JoinQueueMenu } from './lazy-join-queue-menu';
export { QueuePlaceLine } from './queue-place-line';
