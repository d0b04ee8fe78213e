import { isRecord } from './records';

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

/** A path of this app: '//host' or '/\\host' would open another site. */
const isAppPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');

const isAction = (value: unknown): value is NonNullable<PushPayload['actions']>[number] =>
  isRecord(value) && typeof value.action === 'string' && typeof value.title === 'string' && isAppPath(value.url);

/** Whether a push's body (or a shown notification's data) is a payload the service worker can show and open. */
export function isPushPayload(value: unknown): value is PushPayload {
  return (
    isRecord(value) &&
    typeof value.title === 'string' &&
    typeof value.body === 'string' &&
    typeof value.tag === 'string' &&
    isAppPath(value.url) &&
    (value.actions === undefined || (Array.isArray(value.actions) && value.actions.every(isAction)))
  );
}
