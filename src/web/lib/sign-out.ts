import { authApi } from '@shared/api/auth';
import type { SignOutInput } from '@shared/auth';
import { callApi } from './api-client';

/**
 * Signs out with this browser's push endpoint, so the device takes no more pushes (decision 059), then
 * ends the browser's subscription: whoever signs in here next turns notifications on for themselves.
 * Without a service worker (the development server, jsdom) there is no subscription to name. Its
 * own module, loaded when someone signs out: the home page's budget (decision 007) has no room.
 */
export async function signOut(): Promise<void> {
  const subscription = await navigator.serviceWorker?.getRegistration().then(
    (registration) => registration?.pushManager.getSubscription(),
    () => undefined,
  );
  const body: SignOutInput = { endpoint: subscription?.endpoint };
  await callApi(authApi.signOut, { body });
  await subscription?.unsubscribe().catch(() => false);
}
