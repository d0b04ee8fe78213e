import { CLIENT_EVENTS } from '@shared/realtime';
import type { ReadingSession, RtcConfig } from '@shared/sessions';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AppSocket } from '@/lib/socket';
import { emitWithAck } from '@/lib/socket-ack';
import { toast } from '@/lib/toast';
import { hasMedia } from './session-logic';
import { MediaCall, type MediaCallSnapshot, openLocalMedia } from './webrtc/media-call';

export const CONNECTION_LOST_TOAST_ID = 'reading-connection-lost';
export const CONNECTION_LOST_MESSAGE = 'Connection lost. Attempting to reconnect...';

const noCall = { subscribe: () => () => {}, getSnapshot: () => null };

interface ReadingMediaOptions {
  socket: AppSocket | null;
  sessionId: string;
  sessionType: ReadingSession['sessionType'];
  /** The client's side is the impolite peer (it wins an offer collision). */
  isClient: boolean;
  isRoomOpen: boolean;
  rtcConfig: RtcConfig | undefined;
}

/**
 * An audio or video reading's media: the local camera or microphone (or none, when refused: the
 * other side is still seen and heard) and the peer connection, made before the room is joined so
 * it is ready for the first signal; a chat reading has none.
 */
export function useReadingMedia({
  socket,
  sessionId,
  sessionType,
  isClient,
  isRoomOpen,
  rtcConfig,
}: ReadingMediaOptions) {
  const [call, setCall] = useState<MediaCall | null>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const needsMedia = hasMedia(sessionType);

  useEffect(() => {
    if (!needsMedia || !isRoomOpen || !rtcConfig || !socket) return;
    let isCurrent = true;
    let created: MediaCall | null = null;
    const mediaType = sessionType === 'video' ? 'video' : 'audio';
    const start = (localStream: MediaStream | null) => {
      if (!isCurrent) {
        for (const track of localStream?.getTracks() ?? []) track.stop();
        return;
      }
      created = new MediaCall({
        polite: !isClient,
        iceServers: rtcConfig.iceServers,
        localStream,
        receiveVideo: mediaType === 'video',
        sendSignal: (signal) => {
          // Refused while the reading is paused: both sides build new connections when it resumes.
          emitWithAck(socket, CLIENT_EVENTS.webrtcSignal, { sessionId, signal }).catch((error: unknown) =>
            console.warn('A WebRTC signal was not relayed', error),
          );
        },
      });
      setCall(created);
    };
    openLocalMedia(mediaType).then(start, (error: unknown) => {
      if (!isCurrent) return;
      console.warn('Could not open the camera or microphone', error);
      setMediaError(
        mediaType === 'video'
          ? 'We could not use your camera or microphone. Check your browser permissions; you can still see and hear the other side.'
          : 'We could not use your microphone. Check your browser permissions; you can still hear the other side.',
      );
      start(null);
    });
    return () => {
      isCurrent = false;
      created?.close();
      setCall(null);
    };
  }, [needsMedia, isRoomOpen, rtcConfig, socket, sessionType, isClient, sessionId]);

  const callSource = call ?? noCall;
  const media: MediaCallSnapshot | null = useSyncExternalStore(callSource.subscribe, callSource.getSnapshot);

  useEffect(() => {
    const state = media?.connectionState;
    if (state === 'disconnected' || state === 'failed')
      toast.warning(CONNECTION_LOST_MESSAGE, { id: CONNECTION_LOST_TOAST_ID });
    if (state === 'connected') toast.dismiss(CONNECTION_LOST_TOAST_ID);
  }, [media?.connectionState]);

  return { call, media, mediaError, needsMedia };
}
