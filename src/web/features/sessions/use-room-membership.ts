import type { ErrorCode } from '@shared/errors';
import { CLIENT_EVENTS } from '@shared/realtime';
import type { ReadingSession } from '@shared/sessions';
import { useEffect, useState } from 'react';
import type { AppSocket } from '@/lib/socket';
import { AckError, emitWithAck } from '@/lib/socket-ack';
import { toast } from '@/lib/toast';
import { CONNECTION_LOST_TOAST_ID } from './use-reading-media';
import type { MediaCall } from './webrtc/media-call';

const JOIN_RETRY_MS = 1_000;
const JOIN_RETRY_MAX_MS = 8_000;

/** A join the server refused for good: not this user's reading, or no such reading. */
const FINAL_REFUSALS: readonly string[] = [
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_REQUEST',
  'UNAUTHORIZED',
] satisfies ErrorCode[];
const isFinalRefusal = (error: unknown) => error instanceof AckError && FINAL_REFUSALS.includes(error.code);

interface RoomMembershipOptions {
  socket: AppSocket | null;
  sessionId: string;
  /** The room is open and, for audio and video, the call is made. */
  isReadyToJoin: boolean;
  call: MediaCall | null;
  /** The session as the server has it at each join. Must be stable (a state setter or a memoised callback). */
  onJoined: (session: ReadingSession) => void;
  /** Why a join failed, for the toast. */
  describe: (error: unknown) => string | undefined;
}

/**
 * The reading's room: joined, and joined again after every reconnect of the socket, since the
 * server keeps presence per joined socket; left when the page goes. The call waits while out of
 * the room and reconnects once back in.
 */
export function useRoomMembership({
  socket,
  sessionId,
  isReadyToJoin,
  call,
  onJoined,
  describe,
}: RoomMembershipOptions) {
  const [hasJoined, setHasJoined] = useState(false);

  useEffect(() => {
    if (!socket || !isReadyToJoin) return;
    let isCurrent = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const join = async (attempt = 0) => {
      clearTimeout(retry);
      setHasJoined(false);
      call?.suspend();
      try {
        const { session: joined } = await emitWithAck(socket, CLIENT_EVENTS.joinSessionRoom, { sessionId });
        if (!isCurrent) return;
        onJoined(joined);
        setHasJoined(true);
        if (joined.status === 'accepted' || joined.status === 'active') call?.reconnect();
        // A chat reading is whole again once back in the room; media waits for its connection.
        if (!call) toast.dismiss(CONNECTION_LOST_TOAST_ID);
      } catch (error) {
        if (!isCurrent) return;
        if (isFinalRefusal(error)) {
          toast.error('Failed to start session', { description: describe(error) });
          return;
        }
        // Not answered in time (a busy server) or refused for a passing reason: the page would
        // otherwise wait as 'Pending' until the socket reconnected. The join is idempotent.
        retry = setTimeout(
          () => socket.connected && void join(attempt + 1),
          Math.min(JOIN_RETRY_MS * 2 ** attempt, JOIN_RETRY_MAX_MS),
        );
      }
    };
    const joinOnConnect = () => void join();
    if (socket.connected) void join();
    socket.on('connect', joinOnConnect);
    return () => {
      isCurrent = false;
      clearTimeout(retry);
      socket.off('connect', joinOnConnect);
      if (socket.connected) socket.emit(CLIENT_EVENTS.leaveSessionRoom, { sessionId }, () => {});
    };
  }, [socket, isReadyToJoin, call, sessionId, onJoined, describe]);

  return hasJoined;
}
