import type { SessionType } from '@shared/constants';
import { AUTOMATED_CHAT_ONLY_REASON, offeredSessionTypes } from '@shared/readers';
import { conflict } from '../../errors';

/** A request or a place in line for a kind of reading the reader does not give is refused (409): the demo reader answers in words only. */
export function assertOffersSessionType(reader: { repliesAutomated: boolean }, sessionType: SessionType): void {
  if (!offeredSessionTypes(reader).includes(sessionType)) throw conflict(AUTOMATED_CHAT_ONLY_REASON);
}
