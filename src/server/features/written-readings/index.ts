/** What other features may use of written readings: the scheduler's refund of questions not answered in time. */
export { refundOverdueWrittenReadings } from './refund-overdue';
export { releaseWrittenReadingsBetween } from './release-between';
