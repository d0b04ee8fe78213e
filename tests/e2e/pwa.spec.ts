import { entryScriptPath, expect, openAccountMenu, signUpByApi, test } from './fixtures';

/**
 * The installable app (decision 049): the manifest and the service worker register, and once the
 * worker is in place the app shell comes from its cache with the network down: a navigation gets
 * the offline page, the app's scripts still load. The worker precaches only the shell and the
 * entry (decision 062); a page's lazy chunks are kept once used. The rules of push are
 * the integration tests' (push.integration.test.ts).
 */
// The suite blocks service workers (playwright.config.ts); this spec is about one.
test.use({ serviceWorkers: 'allow' });

test('the app installs: manifest, service worker, and the app shell offline', async ({ page, context, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  expect(await manifest.json()).toMatchObject({
    short_name: 'Soul Tribe',
    display: 'standalone',
    start_url: '/dashboard',
    theme_color: '#0b0714',
  });
  // The worker's script is revalidated on every check, never kept as an immutable asset.
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(scriptUrl).toMatch(/\/sw\.js$/);

  const entryScript = entryScriptPath(await page.content());
  const cachedPaths = () =>
    page.evaluate(async () => {
      const byCache: Record<string, string[]> = {};
      for (const name of await caches.keys())
        byCache[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
      return byCache;
    });
  // The precache: the shell, what index.html loads and the app it starts (decision 073), no lazy
  // chunk, font or icon a first visit would pay for.
  const precached = Object.entries(await cachedPaths()).flatMap(([name, paths]) =>
    name.includes('precache') ? paths : [],
  );
  expect(precached).toEqual(
    expect.arrayContaining(['/index.html', '/offline.html', '/favicon.svg', '/manifest.webmanifest', entryScript]),
  );
  expect(precached.filter((path) => /^\/assets\/app-[\w-]+\.js$/.test(path))).toHaveLength(1);
  expect(precached.filter((path) => /\.(woff2?|png)$|-page-/.test(path))).toEqual([]);

  // A visit under the worker keeps the page's lazy chunks; the next one needs no asset from the network.
  await page.goto('/readers');
  await expect(page.getByTestId('reader-card').first()).toBeVisible();
  const readersChunk = (await cachedPaths()).assets?.find((path) => /\/readers-page-[\w-]+\.js$/.test(path));
  expect(readersChunk).toBeDefined();
  const assetsFromNetwork: string[] = [];
  await context.route('**/assets/**', (route) => {
    assetsFromNetwork.push(route.request().url());
    return route.abort();
  });
  await page.goto('/readers');
  await expect(page.getByTestId('reader-card').first()).toBeVisible();
  expect(assetsFromNetwork).toEqual([]);
  await context.unrouteAll();

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'You are offline — readings need a connection' })).toBeVisible();
  // The offline page's mark comes from the precache too.
  await expect
    .poll(() => page.locator('main img').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  expect(await page.evaluate(async (src) => (await fetch(src)).ok, entryScript)).toBe(true);
  // Nothing of the API is ever kept: the worker's caches hold the build's files only.
  const cached = Object.values(await cachedPaths()).flat();
  expect(cached).toContain(entryScript);
  expect(cached.filter((path) => path.startsWith('/api') || path.startsWith('/socket.io'))).toEqual([]);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
});

test('a person chooses what reaches them, and the page keeps it', async ({ page }) => {
  await signUpByApi(page.request);
  await page.goto('/dashboard');
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  // The browser is asked for permission only on this press, never on load.
  await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();

  const favoritePush = page.getByRole('switch', { name: 'A favorite reader comes online: Push' });
  await expect(favoritePush).toHaveAttribute('aria-checked', 'false');
  await favoritePush.click();
  await page.getByRole('switch', { name: 'Quiet hours' }).click();
  await page.getByLabel('From').fill('21:30');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'A favorite reader comes online: Push' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByLabel('From')).toHaveValue('21:30');
  await expect(page.getByLabel('Until')).toHaveValue('07:00');
});
