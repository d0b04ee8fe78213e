import { OPEN_SESSION_STATUSES } from '@shared/sessions';
import { SERVER_EVENTS, type SessionResponseEvent } from '@shared/realtime';
import { and, eq, inArray, or } from 'drizzle-orm';
import { readingSessions } from '../../db/schema';
import { Outbox } from '../../realtime/outbox';
import { finishSession } from './billing';
import type { SessionDeps } from './deps';

/**
 * A block between a reading's two sides (decision 068) ends what is open between them: a running
 * reading ends as if the blocker ended it (billed to its last minute, no refund by this), a request
 * not yet answered is declined by a blocking reader or withdrawn by a blocking client. Idempotent:
 * a second call finds nothing open.
 */
export async function endReadingsBetween(
  deps: SessionDeps,
  pair: { blockerId: string; blockedId: string },
): Promise<void> {
  const { blockerId, blockedId } = pair;
  const outbox = new Outbox();
  await deps.db.transaction(async (tx) => {
    const open = await tx
      .select()
      .from(readingSessions)
      .where(
        and(
          inArray(readingSessions.status, [...OPEN_SESSION_STATUSES]),
          or(
            and(eq(readingSessions.clientId, blockerId), eq(readingSessions.readerId, blockedId)),
            and(eq(readingSessions.clientId, blockedId), eq(readingSessions.readerId, blockerId)),
          ),
        ),
      )
      .for('update');
    const now = new Date(deps.clock.now());
    for (const session of open) {
      const readerBlocked = session.readerId === blockerId;
      if (session.status === 'requested' && readerBlocked) {
        await tx
          .update(readingSessions)
          .set({ status: 'declined', respondedAt: now, endedAt: now, endReason: 'declined', endedBy: blockerId })
          .where(eq(readingSessions.id, session.id));
        const event: SessionResponseEvent = { sessionId: session.id, response: 'decline', status: 'declined' };
        outbox
          .toUser(session.clientId, SERVER_EVENTS.sessionResponse, event)
          .toUser(session.readerId, SERVER_EVENTS.sessionResponse, event);
        continue;
      }
      await finishSession(tx, session, now, outbox, {
        reason: session.status === 'active' ? 'completed' : 'cancelled',
        endedBy: blockerId,
      });
      if (session.status === 'requested') {
        outbox.toUser(session.readerId, SERVER_EVENTS.sessionResponse, {
          sessionId: session.id,
          response: 'cancelled',
          status: 'cancelled',
        });
      }
    }
  });
  outbox.flush(deps.realtime);
}
