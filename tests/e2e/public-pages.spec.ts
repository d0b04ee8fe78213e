import { createReaderByApi } from './admin-api';
import { DEMO, expect, signInByApi, test } from './fixtures';
import { openInApp } from './in-app';

/** The public pages' quality bars that are not axe's: each page names itself, and a visitor's pages log no error. */

const titles: [path: string, title: string][] = [
  ['/', 'Psychic Readings by the Minute · Soul Tribe'],
  ['/about', 'About Soul Tribe · Soul Tribe'],
  ['/policies', 'Terms of Service · Soul Tribe'],
  ['/policies?tab=privacy', 'Privacy Policy · Soul Tribe'],
  ['/policies?tab=guidelines', 'Community Guidelines · Soul Tribe'],
  ['/help', 'Help Center · Soul Tribe'],
  ['/login', 'Sign In · Soul Tribe'],
  ['/signup', 'Create Your Account · Soul Tribe'],
  ['/live', 'Live Streams · Soul Tribe'],
  ['/shop', 'Spiritual Shop · Soul Tribe'],
  ['/community', 'Community · Soul Tribe'],
  ['/the/far/side/of/the/moon', 'Page Not Found · Soul Tribe'],
];

const descriptionOf = (page: import('@playwright/test').Page) =>
  page.locator('meta[name="description"]').getAttribute('content');

test('every public page has its own title and a one-sentence description', async ({ page }) => {
  const descriptions = new Set<string>();
  // Reached inside the app, as its links do: each page sets its own on arrival.
  for (const [path, title] of titles) {
    await openInApp(page, path);
    await expect(page).toHaveTitle(title);
    const description = await descriptionOf(page);
    expect(description, path).toMatch(/^[A-Z].{20,200}[.!]$/);
    descriptions.add(description!);
  }
  // Each policy tab and page describes itself, so no two share a description.
  expect(descriptions.size).toBe(titles.length);
  await expect(page.locator('head title')).toHaveCount(1);
});

test('a policy tab chosen on the page renames the tab', async ({ page }) => {
  await page.goto('/policies');
  await page.getByRole('tab', { name: 'Community Guidelines' }).click();
  await expect(page).toHaveTitle('Community Guidelines · Soul Tribe');
});

test('each dashboard names itself', async ({ page, baseURL }) => {
  const reader = await createReaderByApi(baseURL!, { rateCents: 299, lastName: 'Titles' });
  await signInByApi(page, reader.email, reader.password);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Reader Dashboard · Soul Tribe');
  await reader.api.dispose();

  await page.context().clearCookies();
  await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('My Dashboard · Soul Tribe');
  expect(await descriptionOf(page)).toMatch(/wallet/);

  await page.context().clearCookies();
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Admin Dashboard · Soul Tribe');
});

test('a signed-out visit logs no console error and no failed request', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('requestfailed', (request) => {
    // A font or script still loading when the next visit leaves the page is cancelled, not failed.
    const leftBehind =
      request.failure()?.errorText === 'net::ERR_ABORTED' && new URL(request.url()).pathname.startsWith('/assets/');
    if (!leftBehind) problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  for (const path of ['/', '/readers', '/about', '/policies', '/help']) {
    const profile = page.waitForResponse((response) => response.url().endsWith('/api/auth/profile'));
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    // Each full load asks who is there, and a visitor is an answer, not an error.
    expect(await (await profile).json()).toBeNull();
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});
