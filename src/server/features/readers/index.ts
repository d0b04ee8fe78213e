/** What other features may use of readers: how a reader is listed, shown and priced, and making one. */
export { createReader } from './create-reader';
export { firstNameOf } from './list-reader-sessions';
export { assertOffersSessionType } from './offered-session-types';
export { allTimeEarningsOf, earningsByReaderBetween } from './reader-income';
export {
  assertListedReader,
  freeMinutesFor,
  isListedReader,
  RATE_COLUMN,
  readerColumns,
  readerFullName,
  readerIsBusy,
  toReader,
} from './reader-view';
