import { randomUUID } from 'node:crypto';
import { type Browser, type Page, test as base } from '@playwright/test';
import { createReaderByApi } from './admin-api';
import { expect, signInByApi, signUpByApi, test, openCheckedContext } from './fixtures';
import { advanceReading } from './reading-clock';

/**
 * Decision 020, 'A pause to top up, instead of a hang-up', in two browsers: a new client with money for
 * one minute runs out mid-reading; their page opens the Add Funds dialog with the countdown and
 * the reader's says it waits; the client adds funds and the reading goes on for both. Minutes are
 * real ones here, moved on by the test (reading-clock.ts): minute 2 falls due when the test says,
 * and the client has the whole two-minute window to top up unless the test moves past it. The
 * reader is a new one made for this spec, so no other spec's reader is ever busy because of it.
 */
const RATE_CENTS = 150;
/** Pays minute 1 and leaves 50 cents: minute 2 cannot be paid. */
const START_CENTS = 200;
const TOP_UP_CENTS = 2500;
/** The two-minute window to top up, counting down from when the reading paused. */
const TOP_UP_COUNTDOWN = /^Add funds within (2:00|1:[0-5]\d) to keep your reading$/;

test.setTimeout(180_000);

const origin = () => base.info().project.use.baseURL ?? '';

async function openReaderPage(browser: Browser, account: { email: string; password: string }) {
  const { context, page, problems } = await openCheckedContext(browser);
  await signInByApi(page, account.email, account.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Reader Dashboard' })).toBeVisible();
  const online = page.getByRole('switch');
  await expect(online).toBeEnabled();
  if ((await online.getAttribute('aria-checked')) !== 'true') await online.click();
  await expect(online).toHaveAttribute('aria-checked', 'true');
  return { context, page, problems };
}

/** A new client, signed up and funded through the API in the page's own cookie jar. */
async function newClientWith(page: Page, amountCents: number) {
  await signUpByApi(page.request);
  const deposit = await page.request.post('/api/payments/wallet-deposit', {
    data: { amountCents, paymentMethodId: 'pm_card_visa' },
    headers: { Origin: origin(), 'Idempotency-Key': randomUUID() },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
}

async function sessionOf(page: Page, sessionId: string) {
  const response = await page.request.get(`/api/sessions/${sessionId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    status: string;
    endReason: string | null;
    minutesCharged: number;
    totalCostCents: number;
  };
}

/** A new reader and a new client with money for one minute, in a chat reading both pages have joined. */
async function readingWithOneMinuteOfMoney(client: Page, browser: Browser) {
  const created = await createReaderByApi(origin(), { rateCents: RATE_CENTS, lastName: 'TopUp' });
  await created.api.dispose();
  const reader = await openReaderPage(browser, created);
  await newClientWith(client, START_CENTS);

  await client.goto(`/session/${created.id}?type=chat`);
  await expect(client.getByTestId('confirm-rate')).toHaveText('$1.50 per minute');
  await client.getByRole('button', { name: 'Confirm Chat Reading' }).click();
  const request = reader.page.getByRole('dialog', { name: 'New reading request' });
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(reader.page).toHaveURL(/\/reading\/[0-9a-f-]{36}$/);
  const sessionId = reader.page.url().split('/').pop()!;
  await expect(client).toHaveURL(`/reading/${sessionId}`);
  for (const side of [client, reader.page])
    await expect(side.getByTestId('call-status')).toHaveText('Connected', { timeout: 40_000 });
  return { reader, sessionId };
}

test('a client out of money mid-reading adds funds in the pause dialog and the reading goes on, the reader seeing the pause and the resume', async ({
  page: client,
  browser,
}) => {
  const { reader, sessionId } = await readingWithOneMinuteOfMoney(client, browser);
  // The warning before the last paid minute stays.
  await expect(client.getByText('Insufficient balance! Session will end soon.')).toBeVisible();

  // A minute on, minute 2 is due and unpaid: the reading pauses for both instead of ending, with
  // two minutes to top up.
  await advanceReading(client.request, sessionId);
  const topUp = client.getByRole('dialog', { name: 'Add Funds to Wallet' });
  const readerBanner = reader.page.getByTestId('reading-paused-for-funds');
  await expect(topUp).toBeVisible();
  await expect(topUp.getByTestId('top-up-countdown')).toHaveText(TOP_UP_COUNTDOWN);
  await expect(readerBanner).toContainText(
    /Waiting for the client to add funds\. .* ends in (2:00|1:[0-5]\d) unless they top up/,
  );
  await expect(reader.page.getByTestId('call-status')).toHaveText('Paused');
  await topUp.getByRole('button', { name: '$25' }).click();
  await topUp.getByRole('button', { name: 'Add Funds' }).click();
  await expect(client.getByText('Successfully added $25.00 to your wallet')).toBeVisible();
  await expect(topUp).toBeHidden();

  // Resumed at once: minute 2 is charged now, chat flows again, and the reader's page follows.
  for (const side of [client, reader.page]) {
    await expect(side.getByTestId('call-status')).toHaveText('Connected');
    await expect(side.getByTestId('reading-paused-for-funds')).toHaveCount(0);
  }
  // The header's balance is the server's, after the resumed minute: what was paid in less the cost.
  const cents = async (testId: string) =>
    Math.round(Number(((await client.getByTestId(testId).textContent()) ?? '').replace(/[$,]/g, '')) * 100);
  await expect
    .poll(async () => (await cents('reading-balance')) + (await cents('reading-cost')))
    .toBe(START_CENTS + TOP_UP_CENTS);
  const clientChat = client.getByRole('region', { name: 'Chat' });
  await clientChat.getByRole('textbox', { name: 'Message' }).fill('Thank you for waiting.');
  await clientChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(reader.page.getByTestId('chat-message').filter({ hasText: 'Thank you for waiting.' })).toBeVisible();
  // A minute on again, minute 3 is paid from the top-up.
  await advanceReading(client.request, sessionId);
  await expect.poll(async () => (await sessionOf(client, sessionId)).minutesCharged).toBeGreaterThanOrEqual(3);

  await client.getByRole('button', { name: 'End Session' }).click();
  await client.getByRole('dialog', { name: 'End this reading?' }).getByRole('button', { name: 'End Reading' }).click();
  await expect(client.getByTestId('session-summary')).toBeVisible();
  const ended = await sessionOf(client, sessionId);
  expect(ended).toMatchObject({
    status: 'completed',
    endReason: 'completed',
    totalCostCents: ended.minutesCharged * RATE_CENTS,
  });
  const profile = (await (await client.request.get('/api/auth/profile')).json()) as { walletBalanceCents: number };
  expect(profile.walletBalanceCents).toBe(START_CENTS + TOP_UP_CENTS - ended.totalCostCents);

  await expect(reader.page.getByTestId('session-summary')).toBeVisible();
  await reader.context.close();
  expect(reader.problems, 'console errors on the reader page').toEqual([]);
});

test('a reload during the pause shows it again, and with no top-up the reading ends with insufficient funds, the pause unbilled', async ({
  page: client,
  browser,
}) => {
  const { reader, sessionId } = await readingWithOneMinuteOfMoney(client, browser);
  await advanceReading(client.request, sessionId);
  const topUp = client.getByRole('dialog', { name: 'Add Funds to Wallet' });
  await expect(topUp).toBeVisible();
  // The session carries pauseReason and resumeBy, so the reloaded page opens the dialog again with the countdown.
  await client.reload();
  await expect(topUp.getByTestId('top-up-countdown')).toHaveText(TOP_UP_COUNTDOWN);
  // Back in the room (a page not yet joined says 'Pending'), so the minutes below pass with both sides there.
  await expect(client.getByTestId('call-status')).toHaveText('Paused');
  await expect(reader.page.getByTestId('reading-paused-for-funds')).toContainText(
    'Waiting for the client to add funds',
  );
  await expect(reader.page.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'placeholder',
    'Paused until funds are added',
  );

  // Two minutes on, the window has closed without a top-up.
  await advanceReading(client.request, sessionId, 2);

  // The reader first: their summary moves on to the dashboard 3 s after the end, the client's waits for a rating.
  for (const side of [reader.page, client]) {
    await expect(side.getByTestId('session-summary')).toBeVisible();
    await expect(side.getByTestId('summary-reason')).toHaveText('insufficient funds');
    await expect(side.getByTestId('summary-minutes')).toHaveText('1');
  }
  expect(await sessionOf(client, sessionId)).toMatchObject({
    status: 'completed',
    endReason: 'insufficient_funds',
    minutesCharged: 1,
    totalCostCents: RATE_CENTS,
  });
  const profile = (await (await client.request.get('/api/auth/profile')).json()) as { walletBalanceCents: number };
  expect(profile.walletBalanceCents).toBe(START_CENTS - RATE_CENTS);
  await reader.context.close();
  expect(reader.problems, 'console errors on the reader page').toEqual([]);
});
