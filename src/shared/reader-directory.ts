import { SESSION_TYPES, type SessionType } from './constants';

/**
 * The directory's words, orders and presence rule, apart from the readers' schemas (readers.ts
 * re-exports them), so the public pages that show readers do not bring zod along (decision 007).
 */

/** Online and free, online but in an active reading, or not there. */
export const READER_PRESENCES = ['online', 'busy', 'offline'] as const;
export type ReaderPresence = (typeof READER_PRESENCES)[number];

export function readerPresence(reader: { isOnline: boolean; isBusy: boolean }): ReaderPresence {
  if (!reader.isOnline) return 'offline';
  return reader.isBusy ? 'busy' : 'online';
}

/** What the demo reader's card, profile and reading page say (decision 041). */
export const DEMO_READER_NOTE = 'Demo reader: replies are automated';
/** Why the demo reader's audio and video buttons are disabled, and the server's 409 for such a request. */
export const AUTOMATED_CHAT_ONLY_REASON = 'Automated replies come by chat only: audio and video need a live reader.';

/**
 * The kinds of reading a reader offers (`Reader.sessionTypes`): the web app offers only these, and
 * a request or a place in line for another is refused. The demo reader answers by chat only.
 */
export function offeredSessionTypes(reader: { repliesAutomated: boolean }): SessionType[] {
  return reader.repliesAutomated ? ['chat'] : [...SESSION_TYPES];
}

/** The directory's orders; Recommended puts readers free to read now first, then ranks by service and rating (docs/decisions/067). Prices are chat rates. */
export const DIRECTORY_SORTS = ['recommended', 'rating', 'experience', 'sessions', 'price-asc', 'price-desc'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

export const DIRECTORY_PAGE_SIZE = 12;
export const DIRECTORY_PAGE_SIZE_MAX = 100;
