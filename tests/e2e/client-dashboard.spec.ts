import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, request as playwrightRequest, test as base } from '@playwright/test';
import {
  addToFavorites,
  DEMO,
  expect,
  newUser,
  type NewUser,
  signInByApi,
  signUpByApi,
  test,
  openCheckedContext,
} from './fixtures';
import { advanceReading, waitForBilledMinutes } from './reading-clock';
import { openInApp } from './in-app';

/**
 * The client dashboard (decision 012) for a new client and a new reader made through the API, so no
 * other spec's demo readers or balances are touched: hearts in the directory, Favorite Readers with
 * a live badge, a chat reading started from there, its details page, each tab by URL, the profile.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const CHAT_RATE_CENTS = 199;
const id = randomUUID().slice(0, 8);
const READER = {
  email: `dash-reader-${id}@soultribe.app`,
  password: `reader-${id}-pass`,
  firstName: 'Vesper',
  lastName: `Dashwood ${id}`,
  username: `vesper_${id}`,
};
const READER_NAME = `${READER.firstName} ${READER.lastName}`;
let client: NewUser;

async function apiAs(email: string, password: string): Promise<APIRequestContext> {
  const baseURL = base.info().project.use.baseURL!;
  // Better Auth and our POSTs want the Origin a browser would send.
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const response = await context.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return context;
}

test.beforeAll(async () => {
  const admin = await apiAs(DEMO.admin.email, DEMO.admin.password);
  const created = await admin.post('/api/admin/readers', {
    data: {
      ...READER,
      yearsExperience: 7,
      chatRateCents: CHAT_RATE_CENTS,
      audioRateCents: 299,
      videoRateCents: 399,
      specialties: ['Tarot', 'Astrology', 'Dreams', 'Runes'],
      bio: 'Reads the stars for the dashboard spec.',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await admin.dispose();

  client = newUser();
  const baseURL = base.info().project.use.baseURL!;
  const signUp = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  await signUpByApi(signUp, client);
  const deposit = await signUp.post('/api/payments/wallet-deposit', {
    data: { amountCents: 2000, paymentMethodId: 'pm_card_visa' },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(deposit.ok(), await deposit.text()).toBe(true);
  await signUp.dispose();
});

/** The first visit loads the dashboard's code; a busy CI machine can take a while. */
async function openDashboard(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible({ timeout: 40_000 });
}

const favoriteCard = (page: Page) => page.getByTestId('favorite-reader').filter({ hasText: READER_NAME });

test('a client hearts a reader in the directory and finds them in Favorite Readers', async ({ page }) => {
  await signInByApi(page, client.email, client.password);
  await openDashboard(page, '/dashboard/favorites');
  await expect(page.getByText('No favorite readers yet.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('overview-favorite-readers')).toHaveText('0');
  await page.getByRole('link', { name: 'Find Readers' }).click();
  await expect(page).toHaveURL('/readers');
  // A new reader without reviews is far down a directory the other specs have filled: look them up.
  await page.getByLabel('Search').fill(READER_NAME);

  const card = page.getByTestId('reader-card').filter({ hasText: READER_NAME });
  await addToFavorites(page, card);
  await page.reload();
  await expect(card.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();

  await page.goto('/dashboard/favorites');
  const favorite = favoriteCard(page);
  await expect(favorite).toBeVisible();
  await expect(favorite).toContainText(`@${READER.username}`);
  await expect(favorite.getByRole('list', { name: 'Specialties' }).getByRole('listitem')).toHaveText([
    'Tarot',
    'Astrology',
    'Dreams',
  ]);
  await expect(favorite.getByTestId('reader-presence')).toHaveText('Offline');
  await expect(favorite.getByRole('link', { name: /reading with/ })).toHaveCount(0);
  await expect(page.getByTestId('overview-favorite-readers')).toHaveText('1');
});

test('the badge goes Online live; a chat reading started there has a details page with its messages and each minute', async ({
  page,
  browser,
}) => {
  await signInByApi(page, client.email, client.password);
  await openDashboard(page, '/dashboard/favorites');
  const favorite = favoriteCard(page);
  await expect(favorite.getByTestId('reader-presence')).toHaveText('Offline');

  const reader = await openCheckedContext(browser);
  await reader.page.goto('/login');
  const form = reader.page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(READER.email);
  await form.getByLabel('Password').fill(READER.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(reader.page.getByRole('heading', { name: 'Reader Dashboard' })).toBeVisible();
  await reader.page.getByRole('switch').click();
  await expect(reader.page.getByRole('switch')).toHaveAttribute('aria-checked', 'true');

  // No reload: the reader_status event turns the badge and brings the buttons.
  await expect(favorite.getByTestId('reader-presence')).toHaveText('Online');
  await expect(favorite.getByRole('link', { name: `Audio reading with ${READER_NAME}` })).toBeVisible();
  await expect(favorite.getByRole('link', { name: `Video reading with ${READER_NAME}` })).toBeVisible();
  await favorite.getByRole('link', { name: `Chat reading with ${READER_NAME}` }).click();
  await expect(page).toHaveURL(/\/session\/[^/]+\?type=chat$/);
  await page.getByRole('button', { name: 'Confirm Chat Reading' }).click();
  const request = reader.page.getByRole('dialog', { name: 'New reading request' });
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(reader.page).toHaveURL(/\/reading\/[0-9a-f-]{36}$/);
  const sessionId = reader.page.url().split('/').pop()!;
  await expect(page).toHaveURL(`/reading/${sessionId}`);

  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(page.getByTestId('call-status')).toHaveText('Connected', { timeout: 40_000 });
  await chat.getByRole('textbox', { name: 'Message' }).fill('Will the stars align?');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(reader.page.getByTestId('chat-message').filter({ hasText: 'Will the stars align?' })).toBeVisible();
  // Two billed minutes, the second a minute on (reading-clock.ts), so the receipt has more than one line.
  await advanceReading(page.request, sessionId);
  await waitForBilledMinutes(page, CHAT_RATE_CENTS, 2);
  await page.getByRole('button', { name: 'End Session' }).click();
  await page.getByRole('dialog', { name: 'End this reading?' }).getByRole('button', { name: 'End Reading' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL('/dashboard');

  const figures = (await (await page.request.get(`/api/sessions/${sessionId}`)).json()) as {
    minutesCharged: number;
    totalCostCents: number;
  };
  expect(figures.totalCostCents).toBe(figures.minutesCharged * CHAT_RATE_CENTS);
  const total = `$${(figures.totalCostCents / 100).toFixed(2)}`;

  await page.getByRole('tab', { name: 'Session History' }).click();
  await page.getByTestId('history-row').getByRole('link', { name: READER_NAME }).click();
  await expect(page).toHaveURL(`/dashboard/sessions/${sessionId}`);
  await page.reload();
  await expect(page.getByRole('heading', { name: `Chat reading with ${READER_NAME}` })).toBeVisible();
  await expect(page.getByTestId('session-details-cost')).toHaveText(total);
  const minutes = page.getByTestId('receipt-minute');
  await expect(minutes).toHaveCount(figures.minutesCharged);
  await expect(minutes.first().getByRole('rowheader')).toHaveText('1');
  await expect(minutes.first()).toContainText(`$${(CHAT_RATE_CENTS / 100).toFixed(2)}`);
  await expect(page.getByTestId('receipt-total')).toHaveText(total);
  await expect(page.getByTestId('chat-message')).toHaveText([/Will the stars align\?/]);
  await expect(page.getByRole('button', { name: 'Rate this reading' })).toBeVisible();

  // The wallet shows the reading as one line with its minutes, not one per minute.
  await openInApp(page, '/dashboard/wallet');
  const lines = page.getByTestId('wallet-transaction');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText(`Chat reading with ${READER_NAME} · ${figures.minutesCharged} min`);
  await expect(lines.first()).toContainText(`\u2212${total}`);

  // Back in the directory's sense: the reader is free again, so the badge says Online.
  await openInApp(page, '/dashboard/favorites');
  await expect(favoriteCard(page).getByTestId('reader-presence')).toHaveText('Online');
  await reader.context.close();
  expect(reader.problems, 'console errors on the reader page').toEqual([]);
});

test('each tab opens by its URL after a reload and fits a 375 px phone', async ({ page }) => {
  await signInByApi(page, client.email, client.password);
  await page.setViewportSize({ width: 375, height: 812 });
  await openDashboard(page, '/dashboard');
  for (const [path, tab, content] of [
    ['/dashboard', 'Overview', 'Recent Readings'],
    ['/dashboard/favorites', 'Favorite Readers', READER_NAME],
    ['/dashboard/sessions', 'Session History', READER_NAME],
    ['/dashboard/wallet', 'Wallet', 'Transactions'],
    ['/dashboard/profile', 'Profile', 'Member since'],
  ] as const) {
    await openInApp(page, path);
    await page.reload();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByText(content).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
});

test('the client edits the profile name, sees field errors beside the fields, and the new name after a reload', async ({
  page,
}) => {
  await signInByApi(page, client.email, client.password);
  await openDashboard(page, '/dashboard/profile');
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(page.getByTestId('profile-name')).toHaveText(client.name);
  await expect(page.getByRole('tabpanel')).toContainText(client.email);

  await form.getByLabel('Name').fill('   ');
  await form.getByLabel('Avatar URL').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Enter your name')).toBeVisible();
  await expect(form.getByText('Enter an image address starting with http:// or https://')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  const renamed = `Renamed ${id}`;
  await form.getByLabel('Name').fill(renamed);
  await form.getByLabel('Avatar URL').fill('');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for ${renamed}` })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText(renamed);
  await expect(form.getByLabel('Name')).toHaveValue(renamed);
});
