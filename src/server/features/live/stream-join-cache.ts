import { type LiveStream, STREAM_CHAT_HISTORY, type StreamChat } from '@shared/live';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Log } from '../../realtime/client-events';
import type { StreamChange } from './stream-changes';
import { chatHistory, mutedUserIds } from './stream-chat';
import { findStream } from './stream-view';

/**
 * How long a stream's row is kept before it is read again. Its chat and mutes follow every change
 * (stream-changes.ts), but its reader's name, photo and follower count and its reminder count
 * change elsewhere: a joining viewer may see those this much out of date, and the time of one read.
 */
export const KEPT_STREAM_TTL_MS = 10_000;
/** A stream nobody joined on this process for this long is let go (an ended one, mostly). */
const KEPT_STREAM_IDLE_MS = 6 * KEPT_STREAM_TTL_MS;

export interface KeptStream {
  /** As a visitor sees it: the joining viewer's own fields and the count are the join's to fill. */
  stream: LiveStream;
  /** The backlog, oldest first, as chatHistory reads it. */
  messages: StreamChat[];
  mutedUserIds: Set<string>;
  loadedAt: number;
}

// The backlog's order: chatHistory's (created_at, then id).
const isBefore = (a: StreamChat, b: StreamChat) => a.at < b.at || (a.at === b.at && a.id < b.id);

function addMessage(kept: KeptStream, chat: StreamChat) {
  if (kept.messages.some((message) => message.id === chat.id)) return;
  // Messages arrive in order but for a few racing ones: look back from the newest.
  const after = kept.messages.findLastIndex((message) => !isBefore(chat, message));
  kept.messages.splice(after + 1, 0, chat);
  if (kept.messages.length > STREAM_CHAT_HISTORY) kept.messages.splice(0, kept.messages.length - STREAM_CHAT_HISTORY);
}

/**
 * What every viewer joining a stream is sent besides their own fields (the stream as a visitor sees
 * it, the chat backlog, the muted users), kept per stream on this process: read once (one load per
 * stream, which concurrent joins share) and then kept current by the stream's changes, so a join
 * storm reads it from memory rather than three queries per viewer.
 */
export function createStreamJoinCache(deps: { db: Db; clock: Clock }, log: Log) {
  const kept = new Map<string, KeptStream>();
  /** Loads under way, with the changes heard meanwhile (the load may have read them or not). */
  const loading = new Map<
    string,
    { promise: Promise<KeptStream | null>; changes: StreamChange[]; isSpoiled: boolean }
  >();

  const streamOf = (change: StreamChange) => (change.kind === 'message' ? change.chat.streamId : change.streamId);

  /** Applies a change to a kept stream; false when it cannot be (a removed message: the backlog must be read again to fill its place). */
  function applyTo(stream: KeptStream, change: StreamChange): boolean {
    switch (change.kind) {
      case 'message':
        addMessage(stream, change.chat);
        return true;
      case 'muted':
        stream.mutedUserIds.add(change.userId);
        return true;
      case 'unmuted':
        stream.mutedUserIds.delete(change.userId);
        return true;
      case 'message_removed':
        stream.messages = stream.messages.filter((message) => message.id !== change.messageId);
        return false;
    }
  }

  function load(streamId: string): Promise<KeptStream | null> {
    const inFlight = loading.get(streamId);
    if (inFlight) return inFlight.promise;
    const now = deps.clock.now();
    for (const [id, stream] of kept) if (now - stream.loadedAt >= KEPT_STREAM_IDLE_MS) kept.delete(id);
    const changes: StreamChange[] = [];
    const state = { changes, isSpoiled: false, promise: Promise.resolve<KeptStream | null>(null) };
    state.promise = (async () => {
      try {
        const [stream, messages, muted] = await Promise.all([
          findStream(deps.db, streamId, null),
          chatHistory(deps.db, streamId),
          mutedUserIds(deps.db, streamId),
        ]);
        if (!stream) {
          kept.delete(streamId);
          return null;
        }
        const loaded: KeptStream = { stream, messages, mutedUserIds: new Set(muted), loadedAt: now };
        // Applying a change twice is harmless (a message is added once, a mute is a set), so the
        // changes heard during the load are applied whether or not the load already read them.
        for (const change of state.changes) if (!applyTo(loaded, change)) state.isSpoiled = true;
        if (!state.isSpoiled) kept.set(streamId, loaded);
        return loaded;
      } finally {
        loading.delete(streamId);
      }
    })();
    loading.set(streamId, state);
    return state.promise;
  }

  /**
   * The stream as kept now, if it is: read it and join the room in one go. Once older than the TTL
   * it is still served while it is read again: during a storm the read waits behind a thousand
   * joins' statements, and a copy that counted as gone meanwhile sent every one of them the long way.
   */
  function peek(streamId: string): KeptStream | undefined {
    const stream = kept.get(streamId);
    if (stream && deps.clock.now() - stream.loadedAt >= KEPT_STREAM_TTL_MS && !loading.has(streamId)) {
      load(streamId).catch((error: unknown) =>
        log.error({ err: error, streamId }, 'reading a live stream again failed'),
      );
    }
    return stream;
  }

  return {
    peek,
    /** The stream as kept, loaded first when it is not; null when there is no such stream to show. */
    get: async (streamId: string): Promise<KeptStream | null> => peek(streamId) ?? load(streamId),
    apply(change: StreamChange) {
      const streamId = streamOf(change);
      const inFlight = loading.get(streamId);
      if (inFlight) inFlight.changes.push(change);
      const stream = kept.get(streamId);
      if (stream && !applyTo(stream, change)) kept.delete(streamId);
    },
  };
}
