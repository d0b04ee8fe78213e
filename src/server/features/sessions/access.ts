import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { readingSessions } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { ParticipantRole } from '../../realtime/presence/session-presence';
import { assertAdminPower, type SessionUser } from '../auth';
import type { SessionRow } from './session-view';

export function participantRole(
  session: Pick<SessionRow, 'clientId' | 'readerId'>,
  userId: string,
): ParticipantRole | null {
  if (session.clientId === userId) return 'client';
  if (session.readerId === userId) return 'reader';
  return null;
}

const sessionById = preparedPerDatabase('session_by_id', (db) =>
  db
    .select()
    .from(readingSessions)
    .where(eq(readingSessions.id, sql.placeholder('id'))),
);

/** Loads a session the user takes part in (admins may look too, through the admin gate); 404 unknown, 403 a stranger. */
export async function loadSessionFor(
  db: DbOrTx,
  sessionId: string,
  user: SessionUser,
  options: { allowAdmin?: boolean } = {},
): Promise<SessionRow> {
  const [session] = await sessionById(db, { id: sessionId });
  if (!session) throw notFound('Session not found');
  if (!participantRole(session, user.id)) {
    if (!options.allowAdmin) throw forbidden('Access denied');
    assertAdminPower(user, () => forbidden('Access denied'));
  }
  return session;
}

/** The same, with the row locked for the rest of the transaction. */
export async function lockSessionFor(
  tx: Tx,
  sessionId: string,
  user: SessionUser,
): Promise<SessionRow & { role: ParticipantRole }> {
  const [session] = await tx.select().from(readingSessions).where(eq(readingSessions.id, sessionId)).for('update');
  if (!session) throw notFound('Session not found');
  const role = participantRole(session, user.id);
  if (!role) throw forbidden('Access denied');
  return { ...session, role };
}
