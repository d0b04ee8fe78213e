import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

/**
 * One Socket.IO connection per signed-in browser tab. The server authenticates it from the
 * session cookie and puts it in the user's room, so the client never claims an identity itself.
 * The client library is loaded on demand: visitors who never sign in never download it.
 */
let socket: Socket | null = null;
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
  socket = io({ path: '/socket.io', withCredentials: true });
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

function getSocket(): Socket | null {
  return socket;
}

/** The live connection, or null while signed out. */
export function useSocket(): Socket | null {
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

/** Listens to one server event on the current connection; the latest handler is always used. */
export function useSocketEvent(event: string, handler: (payload: unknown) => void): void {
  const current = useSocket();
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    if (!current) return;
    const listener = (payload: unknown) => handlerRef.current(payload);
    current.on(event, listener);
    return () => {
      current.off(event, listener);
    };
  }, [current, event]);
}
