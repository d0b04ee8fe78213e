import type { Page } from '@playwright/test';
import { HYDRATED_ATTRIBUTE } from '../../src/shared/server-render';
import { expect, holdRequests, openCheckedContext, test } from './fixtures';

/**
 * A page the server rendered reads without the app, which starts at the visitor's first move
 * (decision 073). `waitUntil: 'domcontentloaded'` keeps the fixture from moving the mouse itself.
 */
const APP_CHUNK = /\/assets\/app-[\w-]+\.js$/;

function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test('a visitor who only reads a profile gets its page, fonts and theme without the app; the first move starts it', async ({
  browser,
}) => {
  // A browser of its own, whose mouse has never been over a page: a cursor resting over the page as
  // it loads is a move already (Chromium sends one to set what is hovered).
  const { context, page, problems } = await openCheckedContext(browser);
  await context.addInitScript(() => localStorage.setItem('theme', 'light'));
  const scripts = scriptsRequested(page);
  await page.goto('/readers/aurora', { waitUntil: 'domcontentloaded' });
  await page.waitForLoadState('networkidle');

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  expect(
    await page.evaluate(() =>
      [...document.fonts].some((face) => face.status === 'loaded' && /Playfair/.test(face.family)),
    ),
  ).toBe(true);
  expect(scripts.filter((path) => APP_CHUNK.test(path))).toEqual([]);
  await expect(page.locator('html')).not.toHaveAttribute(HYDRATED_ATTRIBUTE);

  await page.mouse.move(10, 10, { steps: 2 });
  await expect(page.locator('html')).toHaveAttribute(HYDRATED_ATTRIBUTE, '');
  expect(scripts.filter((path) => APP_CHUNK.test(path))).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test('a tap on a button before the app has arrived is held and given to it: the product goes in the cart once', async ({
  page,
}) => {
  const { release, wasRequested } = await holdRequests(page, APP_CHUNK);
  await page.goto('/shop', { waitUntil: 'domcontentloaded' });
  const add = page.getByTestId('product-card').first().getByRole('button', { name: 'Add to Cart' });
  // Twice, as an impatient visitor does when nothing answers: nothing had, so it counts once.
  await add.click();
  await add.click();
  expect(wasRequested()).toBe(true);
  await expect(page.locator('html')).not.toHaveAttribute(HYDRATED_ATTRIBUTE);
  release();

  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.locator('html')).toHaveAttribute(HYDRATED_ATTRIBUTE, '');
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('dialog', { name: 'Your Cart' })).toBeVisible();
});
