import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, signInByApi, test } from './fixtures';

/**
 * Decision 019, receipts: a demo seeker with a past opens a reading from Session History, reads its
 * receipt minute by minute with the total, prints it without the site's navigation and downloads
 * its transcript; a demo reader sees the same minutes with what each earned them. Read-only, on
 * accounts no other spec uses.
 */
const SEEKER = { email: 'priya.raman@example.com', password: 'password123' };
const READER = { email: 'esmeralda@soultribe.app', password: 'password123', name: 'Esmeralda Quinn' };

interface ReadingFigures {
  minutesCharged: number;
  totalCostCents: number;
  readerEarningsCents: number;
  reader: { name: string };
  sessionType: string;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The first visit loads the dashboard's code; a busy CI machine can take a while. */
async function openDashboard(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 40_000 });
}

test('a client opens a past reading from their history: its receipt, a print without navigation, and the transcript download', async ({
  page,
}) => {
  await page.addInitScript(() => {
    (window as unknown as { printCalls: number }).printCalls = 0;
    window.print = () => {
      (window as unknown as { printCalls: number }).printCalls += 1;
    };
  });
  await signInByApi(page, SEEKER.email, SEEKER.password);
  await openDashboard(page, '/dashboard/sessions', 'My Dashboard');

  const row = page.getByTestId('history-row').first();
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/dashboard\/sessions\/[0-9a-f-]{36}$/);
  const sessionId = page.url().split('/').pop()!;
  const figures = (await (await page.request.get(`/api/sessions/${sessionId}`)).json()) as ReadingFigures;
  await expect(page).toHaveTitle('Reading receipt · Soul Tribe');

  const lines = page.getByTestId('receipt-minute');
  await expect(lines).toHaveCount(figures.minutesCharged);
  await expect(lines.first().getByRole('rowheader')).toHaveText('1');
  await expect(lines.first()).toContainText(dollars(figures.totalCostCents / figures.minutesCharged));
  await expect(page.getByTestId('receipt-total')).toHaveText(dollars(figures.totalCostCents));
  await expect(page.getByTestId('retention-note')).toHaveText(/Messages are deleted after 30 days/);

  await page.getByRole('button', { name: 'Print receipt' }).click();
  expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
  // Printed: the receipt stays, the site's navigation, tabs and buttons go.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('receipt-table')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('tablist')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download transcript' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^soul-tribe-reading-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.txt$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split('\n').slice(0, 2)).toEqual(['Soul Tribe reading transcript', `Reader: ${figures.reader.name}`]);
  expect(text).toMatch(/\nType: (Chat|Audio|Video)\n/);
});

test('a reader opens one of their readings from Sessions and sees each minute with what it earned them, on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInByApi(page, READER.email, READER.password);
  await openDashboard(page, '/dashboard/sessions', 'Reader Dashboard');

  await page.getByTestId('reader-session').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/sessions\/[0-9a-f-]{36}$/);
  const sessionId = page.url().split('/').pop()!;
  const figures = (await (await page.request.get(`/api/sessions/${sessionId}`)).json()) as ReadingFigures;

  await expect(page.getByRole('columnheader', { name: 'You earned' })).toBeVisible();
  await expect(page.getByTestId('receipt-minute')).toHaveCount(figures.minutesCharged);
  await expect(page.getByTestId('receipt-total')).toHaveText(dollars(figures.totalCostCents));
  await expect(page.getByTestId('receipt-earned')).toHaveText(dollars(figures.readerEarningsCents));
  await expect(page.getByTestId('session-details-earned')).toHaveText(dollars(figures.readerEarningsCents));
  await expect(page.getByRole('link', { name: 'Download transcript' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
