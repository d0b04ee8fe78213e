import { randomUUID } from 'node:crypto';
import { type APIRequestContext, test as base } from '@playwright/test';
import type { Socket } from 'socket.io-client';
import { type ApiReader, apiContext, createReaderByApi, joinSessionRoom, ok } from './admin-api';
import { expect, signUpByApi, test } from './fixtures';
import { ONE_MINUTE_COUNTDOWN } from './reading-clock';

// The callback queue (decision 021): a client waits in a busy reader's line on the reader's profile,
// watches their place move up, and when the reading ends takes the offer from the dialog.

/** A new client with $100 in their wallet, signed in on `context` (the page's own sends no Origin by itself). */
async function fundedClient(context: APIRequestContext) {
  const Origin = base.info().project.use.baseURL!;
  await signUpByApi(context);
  await ok(
    context.post('/api/payments/wallet-deposit', {
      data: { amountCents: 10_000, paymentMethodId: 'pm_card_visa' },
      headers: { Origin, 'Idempotency-Key': randomUUID() },
    }),
  );
}

let reader: ApiReader;
const others: APIRequestContext[] = [];
const sockets: Socket[] = [];

test.beforeEach(async () => {
  const baseURL = base.info().project.use.baseURL!;
  reader = await createReaderByApi(baseURL, { rateCents: 199, lastName: 'Queuewell' });
  await ok(reader.api.patch('/api/readers/me', { data: { isOnline: true, freeMinutes: 3 } }));
});

test.afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  // Offline again, so the directory the other specs read is not changed by this one.
  await ok(reader.api.patch('/api/readers/me', { data: { isOnline: false } }));
  await reader.api.dispose();
  for (const context of others.splice(0)) await context.dispose();
});

test('a client joins a busy reader’s queue, moves up, and starts the reading offered when it ends', async ({
  page,
  baseURL,
}) => {
  // Another client's reading makes the reader busy; both sides present start it.
  const inReading = await apiContext(baseURL!);
  const ahead = await apiContext(baseURL!);
  others.push(inReading, ahead);
  await fundedClient(inReading);
  await fundedClient(ahead);
  const session = await ok(
    inReading.post('/api/sessions/request', { data: { readerId: reader.id, sessionType: 'chat' } }),
  );
  await ok(reader.api.post('/api/sessions/respond', { data: { sessionId: session.id, response: 'accept' } }));
  sockets.push(
    await joinSessionRoom(baseURL!, inReading, session.id),
    await joinSessionRoom(baseURL!, reader.api, session.id),
  );
  await expect.poll(async () => (await ok(inReading.get(`/api/sessions/${session.id}`))).status).toBe('active');
  // Someone is in line already.
  expect(await ok(ahead.post(`/api/readers/${reader.id}/queue`, { data: { sessionType: 'audio' } }))).toMatchObject({
    position: 1,
  });

  await fundedClient(page.request);
  await page.goto(`/readers/${reader.username}`);
  await expect(page.getByTestId('reader-status')).toHaveText('In a session', { timeout: 40_000 });
  // A first reading with this reader would start with their 3 free minutes.
  await expect(page.getByTestId('free-minutes')).toHaveText('3 free min');
  await expect(page.getByTestId('unavailable-reason')).toHaveText(
    `${reader.firstName} is in a session right now. Join the queue to be offered the reading when they are free.`,
  );
  await page.getByRole('button', { name: `Join queue for ${reader.name}` }).click();
  const kinds = page.getByRole('menuitem');
  await expect(kinds).toHaveText(['Chat reading$1.99/min', 'Audio reading$1.99/min', 'Video reading$1.99/min']);
  await page.getByRole('menuitem', { name: /^Chat reading/ }).click();
  const place = page.getByTestId('queue-position');
  await expect(place).toHaveText('You are #2 in line');

  // The client ahead leaves: the place moves up live.
  expect((await ahead.delete(`/api/readers/${reader.id}/queue`)).status()).toBe(204);
  await expect(place).toHaveText('You are #1 in line');
  // A reload finds the place again.
  await page.reload();
  await expect(place).toHaveText('You are #1 in line', { timeout: 40_000 });

  // The reading ends: the offer dialog opens with its countdown, and 'Start reading' sends the request.
  await ok(inReading.post('/api/sessions/end', { data: { sessionId: session.id } }));
  const offer = page.getByRole('dialog', { name: "It's your turn" });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(`${reader.name} is free now and kept for you: a chat reading at $1.99/min.`);
  await expect(offer.getByRole('timer')).toHaveText(ONE_MINUTE_COUNTDOWN);
  await offer.getByRole('button', { name: 'Start reading' }).click();
  await expect(page).toHaveURL(new RegExp(`/session/${reader.id}\\?type=chat$`));
  await expect(
    page.getByRole('status').filter({ hasText: `Waiting for ${reader.firstName} to accept…` }),
  ).toBeVisible();
  await expect(offer).toBeHidden();

  // The reader has the request, and the line is empty.
  const sessions = await ok(page.request.get('/api/sessions/history?limit=1'));
  expect(sessions.sessions[0]).toMatchObject({ readerId: reader.id, status: 'requested', sessionType: 'chat' });
  expect(await ok(page.request.get('/api/queue'))).toEqual({ place: null });
  await page.getByRole('button', { name: 'Cancel Request' }).click();
  await expect(page.getByText('Request cancelled')).toBeVisible();
});
