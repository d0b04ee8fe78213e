import type { SessionDetails } from '@shared/sessions';
import { notFound } from '../../errors';
import { assertAdminPower, type SessionUser } from '../auth';
import type { SessionDeps } from './deps';
import { areMessagesDeleted, keptMessagesOf, retentionCutoff } from './message-retention';
import { loadSessionView } from './session-view';

/**
 * A past reading and its chat. Only its client, its reader and admins (through the admin gate) may
 * see it; anyone else gets the same 404 as an unknown id, so a guessed id tells nothing about
 * whether the reading exists.
 */
export async function sessionDetails(
  deps: SessionDeps,
  viewer: SessionUser,
  sessionId: string,
  retentionDays: number,
): Promise<SessionDetails> {
  const session = await loadSessionView(deps.db, sessionId);
  if (!session) throw notFound('Session not found');
  if (session.clientId !== viewer.id && session.readerId !== viewer.id)
    assertAdminPower(viewer, () => notFound('Session not found'));
  const cutoff = retentionCutoff(deps.clock.now(), retentionDays);
  const messages = session.sessionType === 'chat' ? await keptMessagesOf(deps.db, sessionId, cutoff) : [];
  return {
    session,
    messages,
    messageRetention: { retentionDays, messagesDeleted: areMessagesDeleted(session, cutoff) },
  };
}
