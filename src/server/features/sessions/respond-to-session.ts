import { eq } from 'drizzle-orm';
import { SERVER_EVENTS, type SessionResponseEvent } from '@shared/realtime';
import type { ReadingSession } from '@shared/sessions';
import { readingSessions } from '../../db/schema';
import { conflict, forbidden } from '../../errors';
import { Outbox } from '../../realtime/outbox';
import type { SessionUser } from '../auth';
import { lockSessionFor } from './access';
import type { SessionDeps } from './deps';
import { loadSessionView } from './session-view';

/** The reader accepts or declines a waiting request, once, before it expires. */
export async function respondToSession(
  deps: SessionDeps,
  reader: SessionUser,
  input: { sessionId: string; response: 'accept' | 'decline' },
): Promise<ReadingSession> {
  const outbox = new Outbox();
  await deps.db.transaction(async (tx) => {
    const session = await lockSessionFor(tx, input.sessionId, reader);
    if (session.role !== 'reader') throw forbidden('Only the reader can answer this request');
    const now = new Date(deps.clock.now());
    if (session.status !== 'requested') throw conflict(`This request is already ${session.status}`);
    if (session.expiresAt && session.expiresAt <= now) throw conflict('This request has expired');
    const status = input.response === 'accept' ? 'accepted' : 'declined';
    await tx
      .update(readingSessions)
      .set({
        status,
        respondedAt: now,
        ...(status === 'declined' && { endedAt: now, endReason: 'declined', endedBy: reader.id }),
      })
      .where(eq(readingSessions.id, session.id));
    const event: SessionResponseEvent = { sessionId: session.id, response: input.response, status };
    outbox
      .toUser(session.clientId, SERVER_EVENTS.sessionResponse, event)
      .toUser(session.readerId, SERVER_EVENTS.sessionResponse, event);
  });
  outbox.flush(deps.realtime);
  return (await loadSessionView(deps.db, input.sessionId))!;
}
