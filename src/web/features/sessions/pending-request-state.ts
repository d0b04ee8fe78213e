import { isRecord } from '@shared/records';
import { type ReadingSession, sessionSchema } from '@shared/sessions';

/**
 * A request made elsewhere (the queue's 'Start reading') is handed to the request page in the
 * navigation state, so the page opens waiting for the reader's answer instead of asking again.
 */
export function pendingRequestState(session: ReadingSession) {
  return { pendingRequest: session };
}

export function pendingRequestFrom(state: unknown, readerId: string): ReadingSession | null {
  const parsed = sessionSchema.safeParse(isRecord(state) ? state.pendingRequest : undefined);
  return parsed.success && parsed.data.readerId === readerId && parsed.data.status === 'requested' ? parsed.data : null;
}
