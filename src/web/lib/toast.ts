import type { toast as sonnerToast } from 'sonner';

/**
 * `toast` with sonner's calls, for every page: sonner (its Toaster, styles and state, ~9.5 KB gzip)
 * downloads with the first toast, since most visits never show one (decision 007). The first call
 * asks AppProviders to mount the Toaster (`useToasterWanted`); calls wait in order until it has
 * mounted and subscribed (`markToasterReady`), then go straight to sonner.
 */
type Sonner = typeof sonnerToast;
type Method = 'success' | 'error' | 'info' | 'warning' | 'dismiss';
type Call = { method: Method | null; args: unknown[] };

let sonner: Sonner | null = null;
let ready = false;
let wanted = false;
const waiting: Call[] = [];
const wantedListeners = new Set<() => void>();

export const loadSonner = () => import('sonner');

function send(call: Call): void {
  if (ready && sonner) {
    const target = call.method ? sonner[call.method] : sonner;
    // biome-ignore lint/plugin: the arguments were typed by the public method that queued the call (Parameters<Sonner[M]>); a union of sonner's functions cannot be called with them.
    (target as (...args: unknown[]) => unknown)(...call.args);
    return;
  }
  waiting.push(call);
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}

/** The Toaster has mounted and subscribed to sonner's state: send what waited. */
export function markToasterReady(loaded: Sonner): () => void {
  sonner = loaded;
  ready = true;
  for (const call of waiting.splice(0)) send(call);
  return () => {
    ready = false;
  };
}

export function subscribeToasterWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

export const isToasterWanted = () => wanted;

const method =
  <M extends Method>(name: M) =>
  (...args: Parameters<Sonner[M]>): void =>
    send({ method: name, args });

export const toast = Object.assign((...args: Parameters<Sonner>): void => send({ method: null, args }), {
  success: method('success'),
  error: method('error'),
  info: method('info'),
  warning: method('warning'),
  dismiss: method('dismiss'),
});
