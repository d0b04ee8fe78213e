import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, newContext, signInByApi, test } from './fixtures';
import { openInApp } from './in-app';

/**
 * The reader dashboard (decision 013) as Rowan, a demo reader no other spec uses: every tab opens by
 * its URL and after a reload, a weekly schedule shows on the directory card in a client's own time
 * zone, and the profile settings save (or name the field to fix). The tests change Rowan, so they
 * run in order.
 */
const ROWAN = { email: 'rowan@soultribe.app', password: 'password123', name: 'Rowan Ashby' };

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);
/** A first load on a busy machine (the dashboard's chunk, the profile) can outlast one expect's default. */
const FIRST_LOAD = { timeout: 40_000 };

const TABS = [
  { name: 'Overview', path: '/dashboard', shows: 'Your Rates' },
  { name: 'Sessions', path: '/dashboard/sessions', shows: 'My Sessions' },
  { name: 'Earnings', path: '/dashboard/earnings', shows: 'Daily Earnings' },
  { name: 'Schedule', path: '/dashboard/schedule', shows: 'Weekly hours' },
  { name: 'Settings', path: '/dashboard/settings', shows: 'Profile Settings' },
] as const;

/** A client looking at the directory from a browser in `timezoneId`. */
async function clientDirectory(browser: Browser, timezoneId: string): Promise<Page> {
  const context = await newContext(browser, { timezoneId });
  const page = await context.newPage();
  await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
  // Other specs fill the directory with readers of their own: look Rowan up.
  await page.goto(`/readers?search=${encodeURIComponent(ROWAN.name)}`);
  // A second browser on a busy machine: the directory may take longer than one expect's default.
  await expect(page.getByTestId('reader-card').first()).toBeVisible(FIRST_LOAD);
  return page;
}

const rowanCard = (page: Page) =>
  page.getByTestId('reader-card').filter({ has: page.getByRole('heading', { name: ROWAN.name }) });

test('each tab opens from its own URL, after a reload too, with the stat cards above', async ({ page }) => {
  await signInByApi(page, ROWAN.email, ROWAN.password);
  for (const tab of TABS) {
    // Reached as its tab's link does; the reload below opens it from its URL.
    await openInApp(page, tab.path);
    await expect(page.getByRole('heading', { name: 'Reader Dashboard' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText('Welcome back, Rowan')).toBeVisible();
    await expect(page.getByRole('tab', { name: tab.name })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(tab.shows, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: tab.name })).toHaveAttribute('aria-selected', 'true', FIRST_LOAD);
    await expect(page.getByText(tab.shows, { exact: true })).toBeVisible();
  }
  // Clicking a tab moves the URL with it.
  await page.getByRole('tab', { name: 'Earnings' }).click();
  await expect(page).toHaveURL('/dashboard/earnings');
  await expect(page.getByTestId('earnings-chart')).toBeVisible();
  // Rowan's demo history (src/server/seed/demo-reviews.ts): six paid readings over the last ninety
  // days, five of them rated (4.2 on average), none today, every share earned and final, each
  // reading's share floor(70%) of its total (fair rounding, decision 022).
  await expect(page.getByTestId('earnings-30-days')).toHaveText('$65.63');
  // One breakdown (decision 040): readings only for Rowan, and the payout card's figure is the same total.
  await expect(page.getByTestId('earnings-source-readingsCents')).toHaveText('$119.75');
  await expect(page.getByTestId('earnings-source-total')).toHaveText('$119.75');
  await expect(page.getByTestId('earnings-earned')).toHaveText('$119.75');

  await expect(page.getByTestId('stat-today-earnings')).toHaveText('$0.00');
  await expect(page.getByTestId('stat-total-earnings')).toHaveText('$119.75');
  await expect(page.getByTestId('stat-average-rating')).toHaveText('4.2 / 5');
  await expect(page.getByTestId('stat-available')).toHaveText('$119.75');
  await expect(page.getByRole('button', { name: 'Request payout' })).toBeEnabled();
});

test('a saved schedule shows on the directory card in the client’s time zone', async ({ page, browser }) => {
  await signInByApi(page, ROWAN.email, ROWAN.password);
  await page.goto('/dashboard/schedule');
  const form = page.getByRole('form', { name: 'Weekly schedule' });
  await expect(form).toBeVisible(FIRST_LOAD);
  // Zones without daylight saving, so the expected hours hold on any date: Tokyo is UTC+9, Kolkata UTC+5:30.
  await form.getByLabel('Your time zone').selectOption('Asia/Tokyo');
  await form.getByRole('button', { name: 'Add time slot' }).click();
  const slots = form.getByTestId('schedule-slot');
  await expect(slots).toHaveCount(1);
  await expect(slots.first().getByLabel('Day')).toHaveValue('1');
  await slots.first().getByLabel('From').fill('09:00');
  await slots.first().getByLabel('To').fill('17:00');

  // A second row starts as a copy of the first: the same Monday hours overlap, and the form says where.
  await form.getByRole('button', { name: 'Add time slot' }).click();
  await expect(slots).toHaveCount(2);
  await form.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(slots.nth(1).getByText('Overlaps another slot on the same day')).toBeVisible();
  await expect(slots.nth(1).getByLabel('From')).toHaveAttribute('aria-invalid', 'true');

  await slots.nth(1).getByLabel('Day').selectOption('Friday');
  await form.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
  await expect(page.getByTestId('schedule-preview')).toContainText('Usually available');

  await page.reload();
  await expect(form.getByLabel('Your time zone')).toHaveValue('Asia/Tokyo', FIRST_LOAD);
  await expect(slots).toHaveCount(2);
  await expect(slots.nth(1).getByLabel('Day')).toHaveValue('5');

  const client = await clientDirectory(browser, 'Asia/Kolkata');
  await expect(rowanCard(client).getByTestId('usual-availability')).toHaveText(
    'Usually available Mon, Fri 5:30 AM–1:30 PM (your time)',
  );
  await client.context().close();
});

test('settings save to the directory, and a bad image address is named beside its field', async ({ page, browser }) => {
  await signInByApi(page, ROWAN.email, ROWAN.password);
  await page.goto('/dashboard/settings');
  const form = page.getByRole('form', { name: 'Profile settings' });
  await expect(form).toBeVisible(FIRST_LOAD);
  const image = form.getByLabel('Profile image URL');
  await image.fill('ftp://images.example/rowan.png');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(image).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#settings-profileImage-error')).toHaveText(
    'Enter an image address starting with http:// or https://',
  );

  const bio = 'Dream worker and intuitive. Bring me the dream that keeps coming back.';
  await image.fill('');
  await form.getByLabel('Bio').fill(bio);
  await form.getByLabel('Specialties').fill('Dream Interpretation, Lucid Dreaming, Sleep Rituals');
  await form.getByLabel('Years of experience').fill('9');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(image).not.toHaveAttribute('aria-invalid', 'true');

  await page.reload();
  await expect(form.getByLabel('Bio')).toHaveValue(bio, FIRST_LOAD);
  await expect(form.getByLabel('Years of experience')).toHaveValue('9');

  const client = await clientDirectory(browser, 'Europe/London');
  const card = rowanCard(client);
  await expect(card.getByText(bio)).toBeVisible();
  await expect(card.getByText('9 years experience')).toBeVisible();
  await expect(card.getByText('Sleep Rituals')).toBeVisible();
  await client.context().close();
});
