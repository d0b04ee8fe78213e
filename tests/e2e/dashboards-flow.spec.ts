import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { formatCents, splitCharge } from '../../src/shared/money';
import { DEMO, expect, newUser, signInByApi, signInOnPage, signUpOnPage, test, openCheckedContext } from './fixtures';
import { advanceReading, waitForBilledMinutes } from './reading-clock';
import { openInApp } from './in-app';

/**
 * The three dashboards (decisions 012–014) end to end, each step through the screens a person uses:
 * an admin creates a reader in the dialog; the reader signs in, sets a schedule and goes online; a
 * new client tops up, has a chat reading and rates it later from the history; then the reader's, the client's and the
 * admin's dashboards each show exactly that reading's amounts. New accounts throughout, so other
 * specs' balances and totals never enter the figures.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(300_000);

const id = randomUUID().slice(0, 8);
const READER = {
  firstName: 'Selene',
  lastName: `Flow ${id}`,
  username: `selene_${id}`,
  email: `selene-${id}@example.com`,
  password: `selene-${id}-pass`,
};
const READER_NAME = `${READER.firstName} ${READER.lastName}`;
const CHAT_RATE_CENTS = 250;

async function newPage(browser: Browser): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const { context, page, problems } = await openCheckedContext(browser);
  return { page, problems, close: () => context.close() };
}

test('a reading made through the screens shows to the cent on all three dashboards', async ({
  page: client,
  browser,
}) => {
  // The admin creates the reader in the dialog.
  const admin = await newPage(browser);
  await signInByApi(admin.page, DEMO.admin.email, DEMO.admin.password);
  await admin.page.goto('/dashboard');
  const readers = admin.page.getByRole('region', { name: 'Readers' });
  await readers.getByRole('button', { name: 'Create Reader' }).click();
  const create = admin.page.getByRole('dialog', { name: 'Create Reader' });
  await create.getByLabel('Email').fill(READER.email);
  await create.getByLabel('Password').fill(READER.password);
  await create.getByLabel('First name').fill(READER.firstName);
  await create.getByLabel('Last name').fill(READER.lastName);
  await create.getByLabel('Username').fill(READER.username);
  await create.getByLabel('Years of experience').fill('4');
  await create.getByLabel('Chat rate ($/min)').fill(String(CHAT_RATE_CENTS / 100));
  await create.getByLabel('Audio rate ($/min)').fill('3');
  await create.getByLabel('Video rate ($/min)').fill('4');
  await create.getByLabel('Specialties').fill('Tarot, Moon Rituals');
  await create.getByLabel('Bio').fill('Reads by the light of the moon.');
  await create.getByRole('button', { name: 'Create Reader' }).click();
  await expect(admin.page.getByText('Reader account created successfully')).toBeVisible();
  await expect(create).toBeHidden();

  // The reader signs in, sets a schedule and goes online.
  const reader = await newPage(browser);
  await reader.page.goto('/login');
  await signInOnPage(reader.page, READER.email, READER.password);
  await expect(reader.page.getByRole('heading', { name: 'Reader Dashboard' })).toBeVisible({ timeout: 40_000 });
  await expect(reader.page.getByTestId('stat-average-rating')).toHaveText('New');
  await reader.page.getByRole('tab', { name: 'Schedule' }).click();
  await expect(reader.page).toHaveURL('/dashboard/schedule');
  const schedule = reader.page.getByRole('form', { name: 'Weekly schedule' });
  await schedule.getByLabel('Your time zone').selectOption('UTC');
  await schedule.getByRole('button', { name: 'Add time slot' }).click();
  const slot = schedule.getByTestId('schedule-slot').first();
  await slot.getByLabel('Day').selectOption('Wednesday');
  await slot.getByLabel('From').fill('10:00');
  await slot.getByLabel('To').fill('14:00');
  await schedule.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(reader.page.getByText('Schedule saved')).toBeVisible();
  await reader.page.getByRole('tab', { name: 'Overview' }).click();
  await reader.page.getByRole('switch').click();
  await expect(reader.page.getByText('You are now online')).toBeVisible();

  // A new client tops up through the Add Funds dialog and finds the reader, schedule included.
  const seeker = newUser();
  await client.goto('/signup');
  await signUpOnPage(client, seeker);
  await expect(client.getByTestId('wallet-chip')).toHaveText('$0.00');
  await client.getByRole('button', { name: 'Add Funds' }).first().click();
  const addFunds = client.getByRole('dialog', { name: 'Add Funds to Wallet' });
  await addFunds.getByLabel('Amount (USD)').fill('20');
  await addFunds.getByLabel('Visa ending 4242 (succeeds)').check();
  await addFunds.getByRole('button', { name: 'Add Funds' }).click();
  await expect(client.getByText('Successfully added $20.00 to your wallet')).toBeVisible();
  await expect(client.getByTestId('wallet-chip')).toHaveText('$20.00');

  // A new reader without reviews is far down a directory the other specs have filled: look them up.
  await client.goto(`/readers?search=${encodeURIComponent(READER_NAME)}`);
  const card = client.getByTestId('reader-card').filter({ hasText: READER_NAME });
  await expect(card.getByTestId('usual-availability')).toContainText('Usually available Wed');
  await card.getByRole('link', { name: `Start Chat Reading with ${READER_NAME}` }).click();
  await client.getByRole('button', { name: 'Confirm Chat Reading' }).click();
  await reader.page
    .getByRole('dialog', { name: 'New reading request' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(reader.page).toHaveURL(/\/reading\/[0-9a-f-]{36}$/);
  const sessionId = reader.page.url().split('/').pop()!;
  await expect(client).toHaveURL(`/reading/${sessionId}`);

  const chat = client.getByRole('region', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Message' }).fill('What does the moon say?');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(reader.page.getByTestId('chat-message').filter({ hasText: 'What does the moon say?' })).toBeVisible();
  await advanceReading(client.request, sessionId);
  await waitForBilledMinutes(client, CHAT_RATE_CENTS, 2);
  await client.getByRole('button', { name: 'End Session' }).click();
  await client.getByRole('dialog', { name: 'End this reading?' }).getByRole('button', { name: 'End Reading' }).click();
  await expect(client.getByTestId('session-summary')).toBeVisible();
  await client.getByRole('button', { name: 'Skip' }).click();
  await expect(client).toHaveURL('/dashboard');

  const figures = (await (await client.request.get(`/api/sessions/${sessionId}`)).json()) as {
    status: string;
    minutesCharged: number;
    totalCostCents: number;
    readerEarningsCents: number;
  };
  expect(figures.status).toBe('completed');
  expect(figures.totalCostCents).toBe(figures.minutesCharged * CHAT_RATE_CENTS);
  expect(figures.readerEarningsCents).toBe(splitCharge(figures.totalCostCents).readerCents);
  const cost = formatCents(figures.totalCostCents);
  const earned = formatCents(figures.readerEarningsCents);

  // The client rates it later from the history.
  await client.getByRole('tab', { name: 'Session History' }).click();
  const row = client
    .getByTestId('history-row')
    .filter({ has: client.locator(`a[href="/dashboard/sessions/${sessionId}"]`) });
  await expect(row).toContainText(cost);
  await row.getByRole('button', { name: 'Rate this reading' }).click();
  const rate = client.getByRole('dialog', { name: 'Rate this reading' });
  // The star a person clicks is the radio's label (the input itself is visually hidden).
  await rate
    .locator('label')
    .filter({ has: client.getByLabel('5 stars') })
    .click();
  await expect(rate.getByLabel('5 stars')).toBeChecked();
  await rate.getByRole('button', { name: 'Submit Rating' }).click();
  await expect(row.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();

  // The client's dashboard: what was added, what was spent, what is left.
  await client.goto('/dashboard');
  await expect(client.getByTestId('overview-wallet-balance')).toHaveText(formatCents(2000 - figures.totalCostCents), {
    timeout: 40_000,
  });
  await expect(client.getByTestId('overview-total-spent')).toHaveText(cost);
  await expect(client.getByTestId('overview-month-spent')).toHaveText(cost);
  await openInApp(client, '/dashboard/wallet');
  const line = client.getByTestId('wallet-transaction').filter({ hasText: `Chat reading with ${READER_NAME}` });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`${figures.minutesCharged} min`);
  await expect(line).toContainText(`−${cost}`);

  // The reader's dashboard: the reading's share, today and in total, withdrawable, rated 5.0.
  await reader.page.goto('/dashboard');
  // A first load of a dashboard's code can take a while on a busy CI machine.
  await expect(reader.page.getByTestId('stat-today-earnings')).toHaveText(earned, { timeout: 40_000 });
  await expect(reader.page.getByTestId('stat-total-earnings')).toHaveText(earned);
  await expect(reader.page.getByTestId('stat-available')).toHaveText(earned);
  await expect(reader.page.getByTestId('stat-average-rating')).toHaveText('5.0 / 5');
  await openInApp(reader.page, '/dashboard/sessions');
  const readerRow = reader.page.getByTestId('reader-session').first();
  await expect(readerRow).toContainText(seeker.name.split(' ')[0]!);
  await expect(readerRow).toContainText(earned);
  await openInApp(reader.page, '/dashboard/earnings');
  await expect(reader.page.getByTestId('earnings-30-days')).toHaveText(earned);

  // The admin's dashboard: the reader's row and the reading in Sessions.
  await admin.page.goto('/dashboard');
  await expect(admin.page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible({ timeout: 40_000 });
  const adminRow = admin.page
    .getByRole('region', { name: 'Readers' })
    .getByTestId('admin-reader')
    .filter({ hasText: `@${READER.username}` });
  await expect(adminRow).toContainText(earned);
  await expect(adminRow).toContainText('5.0(1)');
  await openInApp(admin.page, '/dashboard/sessions');
  await expect(admin.page.getByTestId('admin-session').filter({ hasText: READER_NAME }).first()).toContainText(cost);

  for (const side of [admin, reader]) {
    expect(side.problems).toEqual([]);
    await side.close();
  }
});
