import type { LiveStream } from '@shared/live';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import { useServerEvent } from '@/lib/server-events';
import { useSocket } from '@/lib/socket';
import { AckError, emitWithAck } from '@/lib/socket-ack';
import { liveKeys, patchCachedStream } from './api';
import type { StreamSendOutcome } from './stream-chat';
import { initialRoomState, streamRoomReducer } from './stream-room-state';

export type JoinState = 'idle' | 'joining' | 'joined' | 'payment-required' | 'failed';

/**
 * The stream's room for a signed-in user: joins it (again after every reconnect, as the server
 * keeps membership per socket), folds the room's events into the page's state, sends chat
 * messages, and leaves on the way out. Visitors have no socket and so never join.
 */
export function useStreamRoom(stream: LiveStream, canJoin: boolean) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const streamId = stream.id;
  const [state, dispatch] = useReducer(streamRoomReducer, null, () =>
    initialRoomState(
      stream.viewerCount,
      stream.status === 'ended' ? (stream.endedAt ?? stream.startedAt ?? '') : null,
      stream.endReason,
    ),
  );
  const [joinState, setJoinState] = useState<JoinState>('idle');
  const [joinError, setJoinError] = useState<string | null>(null);
  const isEnded = state.endedAt !== null;

  useEffect(() => {
    if (!socket || !canJoin || isEnded) return;
    let isCurrent = true;
    const join = async () => {
      setJoinState('joining');
      try {
        const ack = await emitWithAck(socket, CLIENT_EVENTS.joinStream, { streamId });
        if (!isCurrent) return;
        queryClient.setQueryData(liveKeys.stream(streamId), ack.stream);
        dispatch({
          type: 'joined',
          messages: ack.messages,
          mutedUserIds: ack.mutedUserIds,
          viewerCount: ack.stream.viewerCount,
          endedAt: ack.stream.status === 'ended' ? (ack.stream.endedAt ?? '') : null,
        });
        setJoinError(null);
        setJoinState('joined');
      } catch (error) {
        if (!isCurrent) return;
        if (error instanceof AckError && error.code === 'PAYMENT_REQUIRED') {
          patchCachedStream(queryClient, streamId, { viewerHasJoined: false });
          setJoinState('payment-required');
          return;
        }
        setJoinError(error instanceof Error ? error.message : 'Could not join the stream.');
        setJoinState('failed');
      }
    };
    if (socket.connected) void join();
    socket.on('connect', join);
    return () => {
      isCurrent = false;
      socket.off('connect', join);
      if (socket.connected) socket.emit(CLIENT_EVENTS.leaveStream, { streamId }, () => {});
      setJoinState('idle');
    };
  }, [socket, canJoin, isEnded, streamId, queryClient]);

  const isThisStream = (payload: { streamId: string }) => payload.streamId === streamId;
  useServerEvent(
    SERVER_EVENTS.streamViewers,
    (event) => isThisStream(event) && dispatch({ type: 'viewers', count: event.count }),
  );
  useServerEvent(SERVER_EVENTS.streamChat, (message) => isThisStream(message) && dispatch({ type: 'chat', message }));
  useServerEvent(
    SERVER_EVENTS.streamMessageRemoved,
    (event) => isThisStream(event) && dispatch({ type: 'removed', messageId: event.messageId }),
  );
  useServerEvent(
    SERVER_EVENTS.streamMuted,
    (event) => isThisStream(event) && dispatch({ type: 'muted', userId: event.userId }),
  );
  useServerEvent(
    SERVER_EVENTS.streamUnmuted,
    (event) => isThisStream(event) && dispatch({ type: 'unmuted', userId: event.userId }),
  );
  useServerEvent(SERVER_EVENTS.streamGift, (gift) => {
    if (!isThisStream(gift)) return;
    dispatch({ type: 'gift', gift });
    void queryClient.invalidateQueries({ queryKey: liveKeys.gifts(streamId) });
  });
  useServerEvent(SERVER_EVENTS.streamEnded, (event) => {
    if (!isThisStream(event)) return;
    dispatch({ type: 'ended', endedAt: event.endedAt, reason: event.reason });
    patchCachedStream(queryClient, streamId, { status: 'ended', endedAt: event.endedAt, endReason: event.reason });
  });

  /** Sends one message; resolves to the server's refusal in words ('slow down'), or null once sent, and whether contact details were masked. */
  const send = async (content: string): Promise<StreamSendOutcome> => {
    if (!socket) return { refusal: 'Sign in to chat', isMasked: false };
    try {
      const { message, masked } = await emitWithAck(socket, CLIENT_EVENTS.streamMessage, { streamId, content });
      dispatch({ type: 'chat', message });
      return { refusal: null, isMasked: masked };
    } catch (error) {
      return { refusal: error instanceof Error ? error.message : 'Failed to send message', isMasked: false };
    }
  };

  return { state, joinState, joinError, isEnded, send };
}
