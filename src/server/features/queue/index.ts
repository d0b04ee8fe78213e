/** What sessions use of the queue: a reader kept for their line, leaving it, and the scheduler's share. */
export { leaveAnyLine, leaveQueue } from './leave-queue';
export { runQueueWork } from './offer-queue';
export { assertReaderNotKeptForOthers } from './queue-reservation';
