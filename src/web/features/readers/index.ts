/** What other features may use of readers: a reader's rates, lines, badges, service figures and reading actions. */
export { AutomatedReaderNote } from './automated-reader-note';
export { FreeMinutesBadge } from './free-minutes-badge';
export { SpecialtyBadges, UsualHoursLine } from './reader-lines';
export { ReaderRates } from './reader-rates';
export { ReadingActions, useQueueChoice } from './reading-actions';
export { ServiceFigures } from './service-figures';
