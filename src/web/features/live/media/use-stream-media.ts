/**
 * The live page's media, behind one interface: the reader's page broadcasts its camera and
 * microphone (`useBroadcast`), a viewer's page receives them (`useWatch`). How the media travels
 * (peer to peer from the reader's browser, or through a forwarder on the server) is this folder's
 * business only: peer to peer up to LIVE_P2P_MAX_VIEWERS, through the server's forwarder above
 * it (docs/decisions/025).
 */
import { LIVE_P2P_MAX_VIEWERS } from '@shared/live';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@shared/realtime';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { rtcConfigQuery } from '@/features/sessions';
import { useServerEvent } from '@/lib/server-events';
import { type AppSocket, useSocket } from '@/lib/socket';
import { AckError, emitWithAck } from '@/lib/socket-ack';
import { Broadcaster, type OutgoingSignal } from './broadcaster';
import { Watcher, type WatchState } from './watcher';

export type { WatchState };

export interface Broadcast {
  /** The reader's own camera, for a self view; null until the browser gives it. */
  localStream: MediaStream | null;
  /** Why the camera or microphone could not be used, in words for the reader. */
  error: string | null;
  /** How many viewers receive the media now, peer to peer. */
  peers: number;
  /** The camera also goes to the server, which sends it on to the viewers above the cap. */
  forwarding: boolean;
  /** The most viewers this broadcast serves peer to peer; the server's forwarder takes the rest. */
  maxPeers: number;
  setMicrophoneOn(on: boolean): void;
  setCameraOn(on: boolean): void;
}

export interface Watch {
  remoteStream: MediaStream | null;
  state: WatchState;
  /** What the viewer is told when the media cannot reach them (e.g. the stream is full). */
  message: string | null;
  /** Starts a new connection (after `failed`, or to try a full stream again now). */
  retry(): void;
}

const emitSignal = async (socket: AppSocket, streamId: string, { to, type, data }: OutgoingSignal) => {
  await emitWithAck(socket, CLIENT_EVENTS.streamSignal, {
    streamId,
    ...(to !== undefined && { to }),
    signal: { type, ...(data !== undefined && { data }) },
  });
};

/** The camera at a size a reader's uplink can send several times over (docs/decisions/025). */
const openCamera = () =>
  navigator.mediaDevices.getUserMedia({
    audio: true,
    video: { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 30 } },
  });

function cameraError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError')
    return 'We could not use your camera or microphone. Allow them in your browser to go live.';
  if (name === 'NotFoundError') return 'No camera or microphone was found. Connect one to go live.';
  if (name === 'NotReadableError') return 'Your camera or microphone is in use by another app. Close it and try again.';
  return 'We could not start your camera or microphone. Please try again.';
}

/** The page joins the stream's room itself; an announcement sent before that is tried again. */
const ANNOUNCE_RETRY_MS = 1000;
const ANNOUNCE_RETRIES = 10;

const noStore = { subscribe: () => () => {}, getSnapshot: () => null };

/** Broadcasts while `enabled` (the reader's own live stream, after join_stream answered). */
export function useBroadcast(streamId: string, enabled: boolean): Broadcast {
  const socket = useSocket();
  const rtc = useQuery({ ...rtcConfigQuery, enabled });
  const iceServers = rtc.data?.iceServers;
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [broadcaster, setBroadcaster] = useState<Broadcaster | null>(null);

  useEffect(() => {
    if (!enabled || !socket || !iceServers) return;
    let isCurrent = true;
    let created: Broadcaster | null = null;
    setError(null);
    openCamera().then(
      (stream) => {
        if (!isCurrent) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        created = new Broadcaster({
          iceServers,
          localStream: stream,
          maxViewers: LIVE_P2P_MAX_VIEWERS,
          send: (signal) => emitSignal(socket, streamId, signal),
        });
        setLocalStream(stream);
        setBroadcaster(created);
      },
      (cause: unknown) => {
        console.warn('Could not open the camera or microphone', cause);
        if (isCurrent) setError(cameraError(cause));
      },
    );
    return () => {
      isCurrent = false;
      created?.close();
      setBroadcaster(null);
      setLocalStream(null);
    };
  }, [enabled, socket, iceServers, streamId]);

  // Announce the camera, and again after every reconnect: the viewers' connections went with the old socket.
  useEffect(() => {
    if (!broadcaster || !socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const announce = (attempt = 0) => {
      clearTimeout(timer);
      broadcaster.announce().catch((cause: unknown) => {
        if (cause instanceof AckError && cause.code === 'FORBIDDEN' && attempt < ANNOUNCE_RETRIES)
          timer = setTimeout(() => announce(attempt + 1), ANNOUNCE_RETRY_MS);
        else console.warn('Could not announce the broadcast', cause);
      });
    };
    const onConnect = () => announce();
    const onDisconnect = () => broadcaster.dropAll();
    if (socket.connected) announce();
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    return () => {
      clearTimeout(timer);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
    };
  }, [broadcaster, socket]);

  useServerEvent(SERVER_EVENTS.streamSignal, (relayed) => {
    if (relayed.streamId === streamId) broadcaster?.handleSignal(relayed);
  });

  const snapshot = useSyncExternalStore(
    broadcaster?.subscribe ?? noStore.subscribe,
    broadcaster?.getSnapshot ?? noStore.getSnapshot,
  );

  const setMicrophoneOn = useCallback(
    (on: boolean) => {
      for (const track of localStream?.getAudioTracks() ?? []) track.enabled = on;
    },
    [localStream],
  );
  const setCameraOn = useCallback(
    (on: boolean) => {
      for (const track of localStream?.getVideoTracks() ?? []) track.enabled = on;
    },
    [localStream],
  );

  return {
    localStream,
    error,
    peers: snapshot?.peers ?? 0,
    forwarding: snapshot?.forwarding ?? false,
    maxPeers: LIVE_P2P_MAX_VIEWERS,
    setMicrophoneOn,
    setCameraOn,
  };
}

/** Watches while `enabled` (a viewer who joined the stream's room). */
export function useWatch(streamId: string, enabled: boolean): Watch {
  const socket = useSocket();
  const rtc = useQuery({ ...rtcConfigQuery, enabled });
  const iceServers = rtc.data?.iceServers;
  const [watcher, setWatcher] = useState<Watcher | null>(null);

  useEffect(() => {
    if (!enabled || !socket || !iceServers) return;
    const created = new Watcher({ iceServers, send: (signal) => emitSignal(socket, streamId, signal) });
    setWatcher(created);
    // A reconnected socket is a new peer: watch again, naming the old one, which the server may not
    // have noticed is gone yet (it would still hold this viewer's place).
    let socketId = socket.id;
    const start = () => {
      const replaces = socketId !== socket.id ? socketId : undefined;
      socketId = socket.id;
      created.start(replaces);
    };
    if (socket.connected) start();
    socket.on('connect', start);
    return () => {
      socket.off('connect', start);
      created.stop();
      setWatcher(null);
    };
  }, [enabled, socket, iceServers, streamId]);

  useServerEvent(SERVER_EVENTS.streamSignal, (relayed) => {
    if (relayed.streamId === streamId) watcher?.handleSignal(relayed);
  });

  const snapshot = useSyncExternalStore(
    watcher?.subscribe ?? noStore.subscribe,
    watcher?.getSnapshot ?? noStore.getSnapshot,
  );
  const retry = useCallback(() => watcher?.start(), [watcher]);

  if (rtc.isError)
    return {
      remoteStream: null,
      state: 'failed',
      message: 'We could not load the video settings. Please try again.',
      retry: () => void rtc.refetch(),
    };
  if (!snapshot) return { remoteStream: null, state: enabled ? 'connecting' : 'idle', message: null, retry };
  return { ...snapshot, retry };
}
