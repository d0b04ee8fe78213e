import { and, eq } from 'drizzle-orm';
import { SERVER_EVENTS } from '@shared/realtime';
import { liveStreams, streamMessages, streamMutes, user } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';
import { assertAdminPower, type SessionUser } from '../auth';
import { type LiveDeps, streamRoom } from './deps';

/** The stream's reader, or an admin through the admin gate, keeps its chat: anyone else gets 403. Returns the stream's reader. */
async function assertModerator(deps: LiveDeps, caller: SessionUser, streamId: string): Promise<{ readerId: string }> {
  const [stream] = await deps.db
    .select({ readerId: liveStreams.readerId })
    .from(liveStreams)
    .where(eq(liveStreams.id, streamId));
  if (!stream) throw notFound('Stream not found');
  if (stream.readerId !== caller.id)
    assertAdminPower(caller, () => forbidden('Only its reader or an admin can moderate this stream'));
  return stream;
}

/** DELETE /api/live/streams/:id/messages/:messageId: the message leaves the history and every page. */
export async function removeMessage(
  deps: LiveDeps,
  caller: SessionUser,
  streamId: string,
  messageId: string,
): Promise<void> {
  await assertModerator(deps, caller, streamId);
  const now = new Date(deps.clock.now());
  const [message] = await deps.db
    .select({ removedAt: streamMessages.removedAt })
    .from(streamMessages)
    .where(and(eq(streamMessages.id, messageId), eq(streamMessages.streamId, streamId)));
  if (!message) throw notFound('Message not found');
  if (!message.removedAt)
    await deps.db.update(streamMessages).set({ removedAt: now }).where(eq(streamMessages.id, messageId));
  deps.streamChanges.tell({ kind: 'message_removed', streamId, messageId });
  deps.realtime.toRoom(streamRoom(streamId), SERVER_EVENTS.streamMessageRemoved, { streamId, messageId });
}

/** PUT /api/live/streams/:id/mutes/:userId: the user keeps watching but can no longer chat in this stream. */
export async function muteViewer(deps: LiveDeps, caller: SessionUser, streamId: string, userId: string): Promise<void> {
  const { readerId } = await assertModerator(deps, caller, streamId);
  if (userId === readerId) throw badRequest('The stream’s reader cannot be muted');
  const [target] = await deps.db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!target) throw notFound('User not found');
  await deps.db
    .insert(streamMutes)
    .values({ streamId, userId, createdAt: new Date(deps.clock.now()) })
    .onConflictDoNothing();
  deps.streamChanges.tell({ kind: 'muted', streamId, userId });
  deps.realtime.toRoom(streamRoom(streamId), SERVER_EVENTS.streamMuted, { streamId, userId });
}

/** DELETE /api/live/streams/:id/mutes/:userId: the user may chat again; idempotent. */
export async function unmuteViewer(
  deps: LiveDeps,
  caller: SessionUser,
  streamId: string,
  userId: string,
): Promise<void> {
  await assertModerator(deps, caller, streamId);
  const removed = await deps.db
    .delete(streamMutes)
    .where(and(eq(streamMutes.streamId, streamId), eq(streamMutes.userId, userId)))
    .returning({ userId: streamMutes.userId });
  if (removed.length === 0) return;
  deps.streamChanges.tell({ kind: 'unmuted', streamId, userId });
  deps.realtime.toRoom(streamRoom(streamId), SERVER_EVENTS.streamUnmuted, { streamId, userId });
}
