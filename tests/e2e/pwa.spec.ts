import { expect, test } from './fixtures';

/**
 * The installable app (issue 32): the manifest and the service worker register, and once the
 * worker is in place a navigation with the network down gets the precached app shell, which shows
 * the offline page. The rules of caching and push are the integration tests' (push.integration.test.ts).
 */
test('the app installs: manifest, service worker, and the app shell offline', async ({ page, context, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  expect(await manifest.json()).toMatchObject({ short_name: 'Soul Tribe', display: 'standalone', start_url: '/dashboard', theme_color: '#0b0714' });
  // The worker's script is revalidated on every check, never kept as an immutable asset.
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptUrl).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'You are offline — readings need a connection' })).toBeVisible();
  await context.setOffline(false);
  // Back online, the page reloads by itself into the real one (the dashboard asks a visitor to sign in).
  await expect(page.getByRole('heading', { name: 'You are offline — readings need a connection' })).toHaveCount(0, { timeout: 15_000 });
});
