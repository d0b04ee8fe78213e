import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type APIResponse, request as playwrightRequest } from '@playwright/test';
import { io } from 'socket.io-client';
import { DEMO, expect, signUpByApi } from './fixtures';
import { advanceReading } from './reading-clock';

/*
 * Data the admin specs make for themselves over the API: readers created by the admin, and
 * readings that run over the API and two sockets (presence is what starts a reading), not through
 * the reading page, which has specs of its own.
 */

export async function apiContext(baseURL: string): Promise<APIRequestContext> {
  // Better Auth refuses cookie-carrying POSTs without a trusted Origin, as a browser would send.
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
}

export async function ok(response: Promise<APIResponse>) {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${await answer.text()}`).toBe(true);
  return answer.json();
}

async function cookieHeader(context: APIRequestContext) {
  const { cookies } = await context.storageState();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export async function joinSessionRoom(baseURL: string, context: APIRequestContext, sessionId: string) {
  const socket = io(baseURL, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: await cookieHeader(context), origin: baseURL },
    reconnection: false,
    forceNew: true,
  });
  const ack = await socket.timeout(5000).emitWithAck('join_session_room', { sessionId });
  expect(ack).toMatchObject({ ok: true });
  return socket;
}

export interface ApiReader {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  username: string;
  email: string;
  password: string;
  /** Signed in as the reader. */
  api: APIRequestContext;
}

/** A new reader made through the admin API at one rate for every type, signed in on their own context. */
export async function createReaderByApi(
  baseURL: string,
  options: { rateCents: number; lastName: string },
): Promise<ApiReader> {
  const id = randomUUID().slice(0, 8);
  const reader = {
    firstName: 'Vega',
    lastName: `${options.lastName} ${id}`,
    email: `vega-${id}@example.com`,
    password: `vega-${id}-pass`,
    username: `vega_${id}`,
  };
  const admin = await apiContext(baseURL);
  await ok(admin.post('/api/auth/sign-in/email', { data: DEMO.admin }));
  const created = await ok(
    admin.post('/api/admin/readers', {
      data: {
        ...reader,
        yearsExperience: 3,
        chatRateCents: options.rateCents,
        audioRateCents: options.rateCents,
        videoRateCents: options.rateCents,
        specialties: ['Tarot'],
        bio: 'A reader made by an admin spec.',
      },
    }),
  );
  await admin.dispose();
  const api = await apiContext(baseURL);
  await ok(api.post('/api/auth/sign-in/email', { data: { email: reader.email, password: reader.password } }));
  return { ...reader, id: created.id, name: `${reader.firstName} ${reader.lastName}`, api };
}

/**
 * A new client (topped up by $100) has a chat reading with the reader, billed for `minutes` minutes,
 * then ends it. The reader goes offline again afterwards, so the directory other specs read is not
 * changed by this one. With `rating`, the client rates it. Returns the ended session.
 */
export async function completeReadingByApi(
  baseURL: string,
  reader: Pick<ApiReader, 'id' | 'api'>,
  options: { minutes: number; rating?: { rating: number; review?: string } },
) {
  await ok(reader.api.patch('/api/readers/me', { data: { isOnline: true } }));
  const client = await apiContext(baseURL);
  await signUpByApi(client);
  await ok(
    client.post('/api/payments/wallet-deposit', {
      data: { amountCents: 10_000 * options.minutes, paymentMethodId: 'pm_card_visa' },
      headers: { 'Idempotency-Key': randomUUID() },
    }),
  );

  const session = await ok(
    client.post('/api/sessions/request', { data: { readerId: reader.id, sessionType: 'chat' } }),
  );
  await ok(reader.api.post('/api/sessions/respond', { data: { sessionId: session.id, response: 'accept' } }));
  // The reading starts, and its first minute is charged, when both sides are present; the others
  // are charged once the reading is moved on to them (reading-clock.ts).
  const sockets = [
    await joinSessionRoom(baseURL, client, session.id),
    await joinSessionRoom(baseURL, reader.api, session.id),
  ];
  await expect.poll(async () => (await ok(client.get(`/api/sessions/${session.id}`))).status).toBe('active');
  if (options.minutes > 1) await advanceReading(client, session.id, options.minutes - 1);
  await expect
    .poll(async () => (await ok(client.get(`/api/sessions/${session.id}`))).minutesCharged)
    .toBe(options.minutes);
  const ended = await ok(client.post('/api/sessions/end', { data: { sessionId: session.id } }));
  if (options.rating) await ok(client.post(`/api/sessions/${session.id}/rating`, { data: options.rating }));
  for (const socket of sockets) socket.disconnect();
  await client.dispose();
  await ok(reader.api.patch('/api/readers/me', { data: { isOnline: false } }));
  return ended;
}
