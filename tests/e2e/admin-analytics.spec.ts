import { completeReadingByApi, createReaderByApi } from './admin-api';
import { DEMO, expect, signInByApi, test } from './fixtures';

test('the Analytics tab opens by URL after a reload, with both charts and the top readers', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Two billed minutes at the top rate: $199.98, of which the reader earns 70% ($139.98), more
  // than any other spec's reader, so they lead the list.
  const reader = await createReaderByApi(baseURL!, { rateCents: 9999, lastName: 'Analytics' });
  const ended = await completeReadingByApi(baseURL!, reader, { minutes: 2 });
  expect(ended).toMatchObject({ status: 'completed', totalCostCents: 19_998, readerEarningsCents: 13_998 });
  await reader.api.dispose();

  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');

  for (const [name, series] of [
    ['Revenue per Day', 'revenueCents'],
    ['Sessions per Day', 'completedSessions'],
  ] as const) {
    const card = page.getByRole('region', { name });
    await expect(card).toBeVisible();
    // 30 days of bars; today's (at least this reading) has a height.
    await expect(card.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.getByTestId(`analytics-${series}`).getByRole('img')).toHaveAccessibleName(/in total from/);
  }
  const revenue = page.getByRole('region', { name: 'Revenue per Day' });
  await revenue.getByText('Figures per day').click();
  await expect(revenue.getByRole('row')).toHaveCount(31);

  // The revenue by source: every source named, its lines adding up to its total, which is the chart's total.
  const bySource = page.getByRole('region', { name: 'Revenue by Source' });
  const lines = bySource.getByTestId('revenue-source');
  await expect(lines.getByRole('rowheader')).toContainText([
    'Readings',
    'Booked readings and fees',
    'Written readings',
    'Gifts and stream joins',
    'Shop',
  ]);
  const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
  const lineCents = (await lines.getByRole('cell').allTextContents()).map(cents);
  const total = cents((await bySource.getByTestId('revenue-source-total').getByRole('cell').textContent()) ?? '');
  expect(lineCents.reduce((sum, line) => sum + line, 0)).toBe(total);
  expect(lineCents[0]).toBeGreaterThanOrEqual(19_998 - 13_998);
  await expect(page.getByTestId('analytics-revenueCents').getByText(/^\$/).first()).toHaveText(
    `$${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );

  const top = page.getByRole('region', { name: 'Top Readers' }).getByTestId('top-reader');
  await expect(top.first()).toContainText(reader.name);
  await expect(top.first()).toContainText('1 reading');
  await expect(top.first()).toContainText('$139.98');

  // It fits a phone without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(
    page.getByRole('region', { name: 'Revenue per Day' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  // The charts resize a moment after the viewport does (ResizeObserver): the page settles within it.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
