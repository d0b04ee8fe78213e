import type { ClientToServerEvents, ServerEvent, ServerToClientEvents } from '@shared/realtime';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

/** The connection, typed by @shared/realtime's event maps (types only: no zod on every page). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One Socket.IO connection per signed-in browser tab. The server authenticates it from the
 * session cookie and puts it in the user's room, so the client never claims an identity itself.
 * The client library is loaded on demand: visitors who never sign in never download it.
 */
let socket: AppSocket | null = null;
let isWanted = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export async function connectSocket(): Promise<void> {
  isWanted = true;
  const { io } = await import('socket.io-client');
  // Sign-out may have happened while the library was loading.
  if (!isWanted || socket) return;
  // WebSocket first (long-polling only as a fallback): the server pings every eighth of a billing
  // minute to notice frozen pages, and a pong over a long-poll can arrive too late on a busy machine.
  socket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'] });
  notify();
}

export function disconnectSocket(): void {
  isWanted = false;
  if (!socket) return;
  socket.disconnect();
  socket = null;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSocket(): AppSocket | null {
  return socket;
}

/** The live connection, or null while signed out. */
export function useSocket(): AppSocket | null {
  return useSyncExternalStore(subscribe, getSocket, () => null);
}

/** Keeps the connection open exactly while a user is signed in; a new user gets a new connection. */
export function useSocketConnection(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    connectSocket().catch((error: unknown) => console.error('Could not load the realtime client', error));
    return disconnectSocket;
  }, [userId]);
}

/**
 * Listens to one server event (or the connection's own connect/disconnect) on the current
 * connection; the latest handler is always used. The payload arrives unchecked: features parse it
 * with `useServerEvent` (lib/server-events.ts), which knows each event's schema.
 */
export function useSocketEvent(event: ServerEvent | 'connect' | 'disconnect', handler: (payload: unknown) => void): void {
  const current = useSocket();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!current) return;
    // One listener serves every event name: it takes the payload unchecked, and each caller checks it.
    const listener = (payload: unknown) => handlerRef.current(payload);
    current.on(event, listener);
    return () => {
      current.off(event, listener);
    };
  }, [current, event]);
}

/**
 * Runs `handler` each time the current connection connects, the first time included. Events sent
 * while it was down are lost, and so are events sent while a new connection was still being signed
 * in (before the server put it in the user's room): what they would have updated is fetched again.
 */
export function useSocketConnected(handler: () => void): void {
  useSocketEvent('connect', handler);
}
