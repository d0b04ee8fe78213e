import webpush from 'web-push';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Sends one encrypted push to one device and answers the push service's HTTP status. */
export interface PushTransport {
  send(
    target: PushTarget,
    payload: string,
    options: { ttlSeconds: number; urgency: 'normal' | 'high' },
  ): Promise<number>;
}

const SEND_TIMEOUT_MS = 10_000;

/**
 * web-push encrypts (aes128gcm, RFC 8291) and signs (VAPID, RFC 8292); the request itself goes
 * through fetch, with a timeout and no redirects, because web-push's own sender speaks HTTPS only
 * and the tests' push service is plain HTTP on 127.0.0.1.
 */
export function webPushTransport(keys: VapidKeys, subject: string): PushTransport {
  return {
    async send(target, payload, options) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          contentEncoding: 'aes128gcm',
        },
      );
      // fetch sets Content-Length from the body itself.
      const { 'Content-Length': _length, ...headers } = details.headers;
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status;
    },
  };
}
