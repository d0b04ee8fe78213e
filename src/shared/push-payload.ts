/**
 * What a push message carries to the service worker (src/web/sw/sw.ts), JSON in the encrypted
 * body. No zod here: the service worker imports this file's type only and stays small.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** The in-app path a click on the notification opens, e.g. /dashboard or /live/<id>. */
  url: string;
  /** A later notification with the same tag replaces the earlier one on the device. */
  tag: string;
  /** Buttons under the notification (Chromium shows up to two), each opening its own path. */
  actions?: { action: string; title: string; url: string }[];
}
