import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { STREAM_CHAT_HISTORY, STREAM_MESSAGE_MAX_LENGTH, type StreamChat } from '@shared/live';
import { SERVER_EVENTS } from '@shared/realtime';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/client';
import { liveStreams, streamMessages, streamMutes, user } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { createFixedWindowLimiter } from '../../rate-limiter';
import type { SessionUser } from '../auth';
import { storeMaskedForOthers } from '../contact-masks';
import { type LiveDeps, streamRoom } from './deps';
import { publicName } from './public-name';

/** A public room fills faster than a private reading: 5 messages per 10 seconds per user keeps it readable. */
export const STREAM_CHAT_RATE = { max: 5, windowMs: 10_000 };

export function createStreamChatLimiter(clock: Clock) {
  return createFixedWindowLimiter({ ...STREAM_CHAT_RATE, clock });
}
export type StreamChatLimiter = ReturnType<typeof createStreamChatLimiter>;

/** The last messages still up, oldest first: what a viewer sees on joining. */
export async function chatHistory(db: DbOrTx, streamId: string): Promise<StreamChat[]> {
  const rows = await db
    .select({ message: streamMessages, userName: user.name })
    .from(streamMessages)
    .innerJoin(user, eq(user.id, streamMessages.userId))
    .where(and(eq(streamMessages.streamId, streamId), isNull(streamMessages.removedAt)))
    .orderBy(desc(streamMessages.createdAt), desc(streamMessages.id))
    .limit(STREAM_CHAT_HISTORY);
  return rows.reverse().map(({ message, userName }) => ({
    id: message.id,
    streamId: message.streamId,
    userId: message.userId,
    userName: publicName(userName),
    content: message.content,
    at: message.createdAt.toISOString(),
  }));
}

export async function mutedUserIds(db: DbOrTx, streamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: streamMutes.userId })
    .from(streamMutes)
    .where(eq(streamMutes.streamId, streamId));
  return rows.map((row) => row.userId);
}

/**
 * Stores one chat message of a user in the stream's room and sends it to the room as `stream_chat`.
 * The caller has checked room membership; the content arrives trimmed and bounded by the schema.
 * Contact details are masked before it is stored (decision 068): the room and the history see the
 * masked text, and `masked` tells the sender why.
 */
export async function sendStreamMessage(
  deps: LiveDeps,
  limiter: StreamChatLimiter,
  sender: SessionUser,
  input: { streamId: string; content: string },
): Promise<{ message: StreamChat; masked: boolean }> {
  const { streamId } = input;
  const [stream] = await deps.db
    .select({ status: liveStreams.status })
    .from(liveStreams)
    .where(eq(liveStreams.id, streamId));
  if (!stream) throw notFound('Stream not found');
  if (stream.status !== 'live') throw conflict('This stream has ended');
  const [muted] = await deps.db
    .select({ userId: streamMutes.userId })
    .from(streamMutes)
    .where(and(eq(streamMutes.streamId, streamId), eq(streamMutes.userId, sender.id)));
  if (muted) throw forbidden('You have been muted in this stream');
  const check = limiter.hit(sender.id);
  if (!check.allowed) {
    throw new AppError('RATE_LIMITED', 'You are sending messages too fast, please slow down.', undefined, {
      retryAfterSeconds: Math.ceil(check.retryAfterMs / 1000),
    });
  }
  const createdAt = new Date(deps.clock.now());
  const id = randomUUID();
  const { text: content, masked } = await storeMaskedForOthers(
    deps.db,
    {
      userId: sender.id,
      context: 'stream_chat',
      subjectId: id,
      text: input.content,
      now: createdAt,
      maxLength: STREAM_MESSAGE_MAX_LENGTH,
    },
    (db, text) => db.insert(streamMessages).values({ id, streamId, userId: sender.id, content: text, createdAt }),
  );
  const chat: StreamChat = {
    id,
    streamId,
    userId: sender.id,
    userName: publicName(sender.name),
    content,
    at: createdAt.toISOString(),
  };
  deps.streamChanges.tell({ kind: 'message', chat });
  deps.realtime.toRoom(streamRoom(streamId), SERVER_EVENTS.streamChat, chat);
  return { message: chat, masked };
}
