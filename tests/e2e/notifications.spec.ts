import { test as base, type Browser } from '@playwright/test';
import { apiContext, createReaderByApi, ok } from './admin-api';
import { addToFavorites, expect, newContext, newUser, signInByApi, signUpByApi, test } from './fixtures';

/**
 * Follows and the header bell (decision 026), on a reader and a client of this spec's own: the client
 * follows and hearts the reader on the profile page, the reader switches Online on their
 * dashboard, and the client's bell shows 1 live and opens the reader's profile. The reader goes
 * offline again at the end, so the directory other specs read is unchanged.
 */
test.setTimeout(180_000);

async function readerDashboard(browser: Browser, email: string, password: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signInByApi(page, email, password);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Reader Dashboard' })).toBeVisible({ timeout: 40_000 });
  return { context, page };
}

test('a client follows a favorite reader, hears them come online in the bell and opens their profile', async ({
  page,
  browser,
}) => {
  const baseURL = base.info().project.use.baseURL!;
  const reader = await createReaderByApi(baseURL, { rateCents: 299, lastName: 'Bellwether' });
  const client = newUser();
  const signUp = await apiContext(baseURL);
  await signUpByApi(signUp, client);
  await signUp.dispose();

  await signInByApi(page, client.email, client.password);
  await page.goto(`/readers/${reader.username}`);
  await expect(page.getByRole('heading', { name: reader.name })).toBeVisible({ timeout: 40_000 });
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('follower-count')).toHaveText('1 follower');
  await addToFavorites(page, page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();

  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await bell.click();
  await expect(page.getByRole('menu').getByText('No notifications yet')).toBeVisible();
  await page.keyboard.press('Escape');

  const dashboard = await readerDashboard(browser, reader.email, reader.password);
  await dashboard.page.getByRole('switch').click();
  await expect(dashboard.page.getByRole('switch')).toHaveAttribute('aria-checked', 'true');

  // No reload: the notification event brings the badge and a toast.
  const title = `${reader.name} is online now`;
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();

  await bell.click();
  const item = page.getByRole('menuitem', { name: new RegExp(title) });
  await expect(item.getByRole('img', { name: 'Unread' })).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(`/readers/${reader.username}`);
  await expect(page.getByRole('heading', { name: reader.name })).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  await bell.click();
  await expect(
    page.getByRole('menuitem', { name: new RegExp(title) }).getByRole('img', { name: 'Unread' }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  await ok(reader.api.patch('/api/readers/me', { data: { isOnline: false } }));
  await reader.api.dispose();
  await dashboard.context.close();
});
