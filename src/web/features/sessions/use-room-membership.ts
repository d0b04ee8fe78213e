import { CLIENT_EVENTS } from '@shared/realtime';
import type { ReadingSession } from '@shared/sessions';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import type { AppSocket } from '@/lib/socket';
import { emitWithAck } from '@/lib/socket-ack';
import { CONNECTION_LOST_TOAST_ID } from './use-reading-media';
import type { MediaCall } from './webrtc/media-call';

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
export function useRoomMembership({ socket, sessionId, isReadyToJoin, call, onJoined, describe }: RoomMembershipOptions) {
  const [hasJoined, setHasJoined] = useState(false);

  useEffect(() => {
    if (!socket || !isReadyToJoin) return;
    let isCurrent = true;
    const join = async () => {
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
        if (isCurrent) toast.error('Failed to start session', { description: describe(error) });
      }
    };
    if (socket.connected) void join();
    socket.on('connect', join);
    return () => {
      isCurrent = false;
      socket.off('connect', join);
      if (socket.connected) socket.emit(CLIENT_EVENTS.leaveSessionRoom, { sessionId }, () => {});
    };
  }, [socket, isReadyToJoin, call, sessionId, onJoined, describe]);

  return hasJoined;
}
