import { useCallback, useEffect, useState } from 'react';
import { deletePushSubscription, savePushSubscription } from './preferences-api';

/**
 * Push on this browser: `unsupported` (no service worker or Push API here, or the development
 * server, which registers no worker), `unavailable` (the server has no VAPID key), `blocked` (the
 * person refused the browser's permission; only the browser's settings undo that), `off`, `on`.
 */
export type DevicePushState = 'checking' | 'unsupported' | 'unavailable' | 'blocked' | 'off' | 'on';

const isSupported = () =>
  import.meta.env.PROD && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The applicationServerKey as PushManager wants it: the VAPID public key's bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function useDevicePush(publicKey: string | null) {
  const [state, setState] = useState<DevicePushState>('checking');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!isSupported()) return setState('unsupported');
    if (!publicKey) return setState('unavailable');
    if (Notification.permission === 'denied') return setState('blocked');
    let cancelled = false;
    // A subscription the browser still holds is saved again under this sign-in: the server forgets
    // a device when the session it was saved under ends (decision 059), e.g. signed out everywhere.
    const resave = async (subscription: PushSubscription | null): Promise<DevicePushState> => {
      if (!subscription || Notification.permission !== 'granted') return 'off';
      await savePushSubscription(subscription.toJSON());
      return 'on';
    };
    void navigator.serviceWorker.ready
      .then((registration) => registration.pushManager.getSubscription())
      .then(resave)
      .catch((): DevicePushState => 'off')
      .then((found) => {
        if (!cancelled) setState(found);
      });
    return () => {
      cancelled = true;
    };
  }, [publicKey]);

  /** Asks the browser's permission here, on the person's press, never on page load (decision 049). */
  const turnOn = useCallback(async () => {
    if (!publicKey) return;
    setBusy(true);
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const { pushManager } = await navigator.serviceWorker.ready;
      // A subscription made with another server key (a reinstalled server) cannot be reused.
      await (await pushManager.getSubscription())?.unsubscribe();
      const subscription = await pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      await savePushSubscription(subscription.toJSON());
      setState('on');
    } catch {
      setError('This browser could not turn on notifications. Please try again.');
    } finally {
      setBusy(false);
    }
  }, [publicKey]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
      if (subscription) {
        await deletePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch {
      setError('Notifications could not be turned off. Please try again.');
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, isBusy, error, turnOn, turnOff };
}
