import { eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import { OPEN_SESSION_STATUSES, type ReadingSession } from '@shared/sessions';
import { readingSessions } from '../../db/schema';
import { notFound } from '../../errors';
import { Outbox } from '../../realtime/outbox';
import { finishSession, loadSessionView, type SessionDeps } from '../sessions';

/**
 * An admin stops a session: an active one completes billed up to now (the minutes already charged,
 * no refund), one not yet started is cancelled. Ending an ended session returns it unchanged.
 */
export async function endSessionAsAdmin(
  deps: SessionDeps,
  adminId: string,
  sessionId: string,
): Promise<ReadingSession> {
  const outbox = new Outbox();
  await deps.db.transaction(async (tx) => {
    const [session] = await tx.select().from(readingSessions).where(eq(readingSessions.id, sessionId)).for('update');
    if (!session) throw notFound('Session not found');
    if (!OPEN_SESSION_STATUSES.includes(session.status)) return;
    const reason = session.status === 'active' ? 'completed' : 'cancelled';
    await finishSession(tx, session, new Date(deps.clock.now()), outbox, { reason, endedBy: adminId });
    if (session.status === 'requested') {
      outbox.toUser(session.readerId, SERVER_EVENTS.sessionResponse, {
        sessionId: session.id,
        response: 'cancelled',
        status: 'cancelled',
      });
    }
  });
  outbox.flush(deps.realtime);
  return (await loadSessionView(deps.db, sessionId))!;
}
