import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TestUser } from './factories';
import { http } from './http';
import type { TestApp } from './test-app';

/**
 * A push service of the test's own, on 127.0.0.1, standing in for FCM or Mozilla's: each device
 * the test makes has an endpoint here and the keys a browser would make (an ECDH P-256 pair and a
 * 16-byte auth secret). What the app sends is checked as a browser would: the VAPID signature
 * against the app's public key, and the body decrypted with the device's own private key
 * (aes128gcm, RFC 8291 and RFC 8188), so a test reads the very notification a phone would show.
 */
export interface ReceivedPush {
  device: string;
  payload: {
    title: string;
    body: string;
    url: string;
    tag: string;
    actions?: { action: string; title: string; url: string }[];
  };
  ttl: number;
  urgency: string | undefined;
  vapidKey: string;
}

export interface TestDevice {
  name: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What the service answers this device's pushes with: 201 by default, 410 once it is gone. */
  answer: number;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: the receiver's side of aes128gcm with one record. */
export function decryptPush(body: Buffer, device: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverPublic = device.ecdh.getPublicKey();
  const ecdhSecret = device.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(device.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const delimiter = padded.lastIndexOf(2);
  if (delimiter === -1 || padded.subarray(delimiter + 1).some((byte) => byte !== 0)) throw new Error('bad padding');
  return padded.subarray(0, delimiter).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT an ES256 signature by that key for this origin. */
function checkVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  if (
    !verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
  )
    throw new Error('bad VAPID signature');
  const { aud } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string };
  if (aud !== origin) throw new Error(`VAPID audience ${aud}, expected ${origin}`);
  return key;
}

export async function startPushService() {
  const devices = new Map<string, TestDevice & { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = decodeURIComponent(request.url?.split('/push/')[1] ?? '');
      const device = devices.get(name);
      if (!device) return void response.writeHead(404).end();
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        const vapidKey = checkVapid(request.headers.authorization, origin);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device)) as ReceivedPush['payload'];
        if (device.answer < 300)
          received.push({
            device: name,
            payload,
            ttl: Number(request.headers.ttl),
            urgency: request.headers.urgency as string | undefined,
            vapidKey,
          });
      } catch (error) {
        problems.push(`${name}: ${(error as Error).message}`);
        return void response.writeHead(400).end();
      }
      response.writeHead(device.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    /** Anything the service could not check or decrypt: a test expects this to stay empty. */
    problems,
    /** A browser's new subscription here: its own key pair and auth secret, as PushManager.subscribe makes them. */
    device(name: string): TestDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const device = {
        name,
        answer: 201,
        ecdh,
        auth,
        subscription: {
          endpoint: `${origin}/push/${encodeURIComponent(name)}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
      devices.set(name, device);
      return device;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Saves the device for the user as the settings page does; its answer is the user's device count. */
export async function subscribeDevice(app: TestApp, user: TestUser, device: TestDevice): Promise<{ devices: number }> {
  const response = await http(app, user.cookie).post('/api/push/subscriptions', device.subscription);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { devices: number };
}
