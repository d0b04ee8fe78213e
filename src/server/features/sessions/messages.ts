import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { MESSAGE_MAX_LENGTH } from '@shared/constants';
import { SERVER_EVENTS } from '@shared/realtime';
import type { ChatMessage } from '@shared/sessions';
import type { DbOrTx } from '../../db/client';
import { sessionMessages, user } from '../../db/schema';
import { AppError } from '../../errors';
import { storeMaskedForOthers } from '../contact-masks';
import { createFixedWindowLimiter } from '../../rate-limiter';
import type { SessionUser } from '../auth';
import { loadSessionFor } from './access';
import type { SessionDeps } from './deps';
import { assertRunning } from './pause';
import { sessionRoom } from './session-view';

/** At most 20 messages per 10 seconds per sender: a chat, not a flood. */
export function createMessageLimiter(deps: Pick<SessionDeps, 'clock'>) {
  return createFixedWindowLimiter({ max: 20, windowMs: 10_000, clock: deps.clock });
}
export type MessageLimiter = ReturnType<typeof createMessageLimiter>;

export async function listMessages(deps: SessionDeps, viewer: SessionUser, sessionId: string): Promise<ChatMessage[]> {
  await loadSessionFor(deps.db, sessionId, viewer, { allowAdmin: true });
  return messagesOf(deps.db, sessionId);
}

/** A session's chat, oldest first; for callers that have already checked who may read it. */
export async function messagesOf(db: DbOrTx, sessionId: string): Promise<ChatMessage[]> {
  const rows = await db
    .select({ message: sessionMessages, senderName: user.name })
    .from(sessionMessages)
    .innerJoin(user, eq(user.id, sessionMessages.senderId))
    .where(eq(sessionMessages.sessionId, sessionId))
    .orderBy(asc(sessionMessages.createdAt), asc(sessionMessages.id));
  return rows.map(({ message, senderName }) => ({
    id: message.id,
    sessionId: message.sessionId,
    senderId: message.senderId,
    senderName,
    content: message.content,
    type: message.messageType,
    createdAt: message.createdAt.toISOString(),
  }));
}

/**
 * Stores a chat message of a participant and delivers it to the session room as `new_message`.
 * Contact details are masked before it is stored (decision 068), so the room, the transcript and every
 * export carry the masked text; `masked` is for the sender's acknowledgement alone.
 */
export async function sendMessage(
  deps: SessionDeps,
  limiter: MessageLimiter,
  sender: SessionUser,
  input: { sessionId: string; content: string; type: string },
): Promise<{ message: ChatMessage; masked: boolean }> {
  const session = await loadSessionFor(deps.db, input.sessionId, sender);
  assertRunning(session);
  const typed = input.content.trim().slice(0, MESSAGE_MAX_LENGTH);
  const check = limiter.hit(sender.id);
  if (!check.allowed)
    throw new AppError('RATE_LIMITED', 'You are sending messages too fast. Please wait a moment.', undefined, {
      retryAfterSeconds: Math.ceil(check.retryAfterMs / 1000),
    });
  const id = randomUUID();
  const createdAt = new Date(deps.clock.now());
  const { text: content, masked } = await storeMaskedForOthers(
    deps.db,
    { userId: sender.id, context: 'chat', subjectId: id, text: typed, now: createdAt, maxLength: MESSAGE_MAX_LENGTH },
    (db, text) =>
      db
        .insert(sessionMessages)
        .values({ id, sessionId: session.id, senderId: sender.id, content: text, messageType: input.type, createdAt }),
  );
  const chat: ChatMessage = {
    id,
    sessionId: session.id,
    senderId: sender.id,
    senderName: sender.name || 'User',
    content,
    type: input.type,
    createdAt: createdAt.toISOString(),
  };
  deps.realtime.toRoom(sessionRoom(session.id), SERVER_EVENTS.newMessage, chat);
  return { message: chat, masked };
}
