import { expect, test } from './fixtures';

test('an unknown path shows the 404 page and its buttons lead home, to readers and back', async ({ page, baseURL }) => {
  await page.goto('/about');
  await page.goto('/the/far/side/of/the/moon', { referer: `${baseURL}/about` });
  await expect(page.getByRole('heading', { name: 'Lost in the Cosmos' })).toBeVisible();

  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/about');

  await page.goto('/nowhere');
  await page.getByRole('link', { name: 'Find a Reader' }).click();
  await expect(page).toHaveURL('/readers');

  await page.goto('/nowhere');
  await page.getByRole('main').getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Start Your Journey' })).toBeVisible();
});

test('Go Back on a 404 opened directly goes home instead of leaving the site', async ({ page }) => {
  await page.goto('/nowhere');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/');
});

test('an unknown API path answers JSON, not the app', async ({ request }) => {
  const response = await request.get('/api/nope');
  expect(response.status()).toBe(404);
  expect((await response.json()).error.code).toBe('NOT_FOUND');
});
