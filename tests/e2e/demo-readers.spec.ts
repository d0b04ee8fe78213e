import { expect, test } from './fixtures';

/**
 * A demo reader's profile tells no figure its reviews do not back (decision 015): the header's rating,
 * review and reading counts come from the readings the demo seed creates
 * (src/server/seed/demo-reviews.ts). Seraphina, because no other spec books or rates her.
 */
test("a demo reader's header figures are the reviews listed below them", async ({ page }) => {
  await page.goto('/readers/seraphina');
  await expect(page.getByRole('heading', { level: 1, name: 'Seraphina Vale' })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByTestId('reader-rating')).toHaveText('4.4(8 reviews)');
  await expect(page.getByText('10 readings', { exact: true })).toBeVisible();

  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByTestId('reviews-average')).toHaveText('4.4');
  for (const [stars, count] of [
    [5, 4],
    [4, 3],
    [3, 1],
    [2, 0],
    [1, 0],
  ] as const) {
    await expect(reviews.getByTestId(`stars-${stars}-count`)).toHaveText(String(count));
  }
  await expect(reviews.getByTestId('review')).toHaveCount(8);
  await expect(reviews.getByText('The closing meditation alone was worth it. I felt lighter for days.')).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Load more reviews' })).toHaveCount(0);
});
