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

type Handler = (payload: unknown) => void;
/**
 * The handlers of every event, kept here rather than on the connection: each connection hands
 * every event to them from the moment it exists, so none is missed while React has yet to attach
 * a listener to a new connection (a 'connect' or a balance that came first, on a busy page).
 */
const handlers = new Map<string, Set<Handler>>();

function dispatch(event: string, payload?: unknown): void {
  for (const handler of handlers.get(event) ?? []) handler(payload);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Socket.IO's client, not connected yet, so that every handler is attached before its first event. */
async function openSocketIo(): Promise<AppSocket> {
  const { io } = await import('socket.io-client');
  // WebSocket first (long-polling only as a fallback): the server pings every eighth of a billing
  // minute to notice frozen pages, and a pong over a long-poll can arrive too late on a busy machine.
  return io({ path: '/socket.io', withCredentials: true, transports: ['websocket', 'polling'], autoConnect: false });
}

/**
 * Makes this tab's connection. What it connects through is `open`'s choice, so that the pages can
 * run against a connection of a test's own (tests/unit/fake-socket.ts) without a server.
 */
export async function connectSocket(open: () => Promise<AppSocket> = openSocketIo): Promise<void> {
  isWanted = true;
  const connection = await open();
  // Sign-out may have happened while the library was loading.
  if (!isWanted || socket) return;
  socket = connection;
  socket.onAny((event: string, payload: unknown) => dispatch(event, payload));
  socket.on('connect', () => dispatch('connect'));
  socket.on('disconnect', () => dispatch('disconnect'));
  retryWhenRefused(socket);
  socket.connect();
  notify();
}

const REFUSED_RETRY_FIRST_MS = 2000;
const REFUSED_RETRY_MAX_MS = 60_000;

/**
 * Socket.IO reconnects by itself after a lost connection, but not after the server refused one (its
 * sign-in check failed: a database too busy to answer, a session being renewed). While this tab
 * still wants it, the connection is tried again, waiting twice as long each time, up to a minute.
 */
function retryWhenRefused(connection: AppSocket): void {
  let delayMs = REFUSED_RETRY_FIRST_MS;
  connection.on('connect', () => {
    delayMs = REFUSED_RETRY_FIRST_MS;
  });
  connection.on('connect_error', () => {
    if (connection.active) return;
    setTimeout(() => {
      if (socket === connection && !connection.connected) connection.connect();
    }, delayMs);
    delayMs = Math.min(delayMs * 2, REFUSED_RETRY_MAX_MS);
  });
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
 * Listens to one server event (or the connection's own connect/disconnect), on every connection
 * this tab makes while the component is mounted; the latest handler is always used. The payload
 * arrives unchecked: features parse it with `useServerEvent` (lib/server-events.ts), which knows
 * each event's schema.
 */
export function useSocketEvent(
  event: ServerEvent | 'connect' | 'disconnect',
  handler: (payload: unknown) => void,
): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const listener: Handler = (payload) => handlerRef.current(payload);
    const forEvent = handlers.get(event) ?? new Set<Handler>();
    handlers.set(event, forEvent.add(listener));
    return () => {
      forEvent.delete(listener);
    };
  }, [event]);
}

/**
 * Runs `handler` each time the current connection connects, the first time included. Events sent
 * while it was down are lost, and so are events sent while a new connection was still being signed
 * in (before the server put it in the user's room): what they would have updated is fetched again.
 */
export function useSocketConnected(handler: () => void): void {
  useSocketEvent('connect', handler);
}
