import type { Page } from '@playwright/test';
import { DEMO, expect, newContext, signInByApi, test } from './fixtures';

/**
 * Decision 063: the public pages come from the server with their content, for a phone that has not run
 * the scripts yet and a crawler that never does; the scripts then take the page over as it is.
 */

const THREAD_TITLE = 'Welcome to the Soul Tribe Community: start here';

/** What each page shows a visitor without JavaScript: the demo data's readers, products and thread. */
const CONTENT: [path: string, shown: string[], absent?: string[]][] = [
  ['/', ['Find Your Path Among the Stars', 'Start Your Journey']],
  ['/readers', ['Our Gifted Readers', 'Aurora Starweaver', 'Celeste Rivers']],
  // The URL's filters apply on the server as in the browser.
  ['/readers?specialty=Astrology', ['Celeste Rivers'], ['Aurora Starweaver']],
  ['/readers/aurora', ['Aurora Starweaver', 'Third-generation tarot reader', '$3.99']],
  ['/live', ['Live Streams']],
  ['/shop', ['Spiritual Shop', 'Amethyst Cluster']],
  ['/community', [THREAD_TITLE]],
  ['/about', ['About Soul Tribe', 'Our Story']],
  ['/help', ['Help Center', 'How does per-minute billing work?']],
  ['/policies', ['Terms of Service', 'Who may use Soul Tribe']],
];

test('each public page arrives with its content, before and without any script', async ({ browser }) => {
  const context = await newContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [path, shown, absent = []] of CONTENT) {
    await page.goto(path);
    for (const text of shown)
      await expect(page.getByText(text, { exact: false }).first(), `${path}: ${text}`).toBeVisible();
    for (const text of absent) await expect(page.getByText(text), `${path}: ${text}`).toHaveCount(0);
    await expect(page.getByText('needs JavaScript'), path).toHaveCount(0);
  }
  // A thread, opened from the list as a crawler follows links.
  await page.goto('/community');
  await page.getByRole('link', { name: THREAD_TITLE }).first().click();
  await expect(page.getByText('Introduce yourself below')).toBeVisible();
  await context.close();
});

test("a profile's HTML names the reader for search engines: JSON-LD with their offers, and its canonical address", async ({
  request,
}) => {
  const response = await request.get('/readers/aurora');
  expect(response.headers()['cache-control']).toBe('public, max-age=0, must-revalidate, s-maxage=30');
  const html = await response.text();
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
  expect(jsonLd).toMatchObject({
    '@type': 'ProfilePage',
    mainEntity: { '@type': 'Person', name: 'Aurora Starweaver' },
  });
  expect(
    jsonLd.mainEntity.makesOffer.map(
      (offer: { priceSpecification: { price: number } }) => offer.priceSpecification.price,
    ),
  ).toContain(3.99);
  expect(html).toContain('<link rel="canonical" href="');
  expect(html).toContain(`/readers/aurora" />`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<url><loc>[^<]*\/readers\/aurora<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod><\/url>/);
});

/** The page's layout shifts, summed from the first paint (the server's HTML) on. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!('hadRecentInput' in entry) || !entry.hadRecentInput)
          shifts.total += 'value' in entry && typeof entry.value === 'number' ? entry.value : 0;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() =>
      'shifts' in window && typeof window.shifts === 'object' && window.shifts !== null && 'total' in window.shifts
        ? window.shifts.total
        : -1,
    );
}

// The dark theme on a phone, the light one on a desktop, far from the server's time zone and
// locale: a reader's usual hours are in the viewer's time, which the server cannot know.
for (const theme of ['dark', 'light'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    if (theme === 'light') test.use({ timezoneId: 'Pacific/Auckland', locale: 'en-NZ' });
    test('each page hydrates without an error, a layout shift or a second fetch of its data', async ({ page }) => {
      if (theme === 'light') await page.addInitScript(() => localStorage.setItem('theme', 'light'));
      else await page.setViewportSize({ width: 390, height: 844 });
      const layoutShifts = await watchLayoutShifts(page);
      const fetched: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        // The profile is asked for once on every load (a cached visitor's page corrects itself after a sign-in).
        if (pathname.startsWith('/api/') && pathname !== '/api/auth/profile') fetched.push(pathname);
      });
      for (const [path, shown] of CONTENT) {
        fetched.length = 0;
        // The app asks who is there once it runs: the page is hydrated then.
        const hydrated = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/profile');
        await page.goto(path);
        await hydrated;
        // Rendered in the default theme, the page takes the stored one once hydrated.
        await expect(
          page.getByRole('button', { name: theme === 'light' ? 'Switch to dark theme' : 'Switch to light theme' }),
        ).toBeVisible();
        await expect(page.getByText(shown[0]!).first()).toBeVisible();
        if (path === '/readers/aurora')
          await expect(page.getByTestId('usual-availability')).toContainText(/^Usually available .+ \(your time\)$/);
        await page.waitForLoadState('networkidle');
        expect(fetched, `${path} fetched again what it was rendered with`).toEqual([]);
        // The web fonts come after the first paint (lib/load-fonts.ts), on their own way beside the
        // app's, and replace local ones sized to them: the shifts counted include that swap once
        // they are in (a loaded CI had the page hydrated and the network quiet before they were).
        const loadedFonts = () =>
          page.evaluate(() =>
            [...document.fonts]
              .filter((face) => face.status === 'loaded')
              .map((face) => face.family.replaceAll('"', '')),
          );
        await expect.poll(loadedFonts, { message: path }).toContain('Playfair Display');
        expect(await layoutShifts(), path).toBeLessThanOrEqual(0.05);
      }
    });
  });
}

test('the web fonts replace the local faces all in one frame, so the page is laid out again once', async ({ page }) => {
  // Each face a page starts to use makes the browser lay out its text again: 40-250 ms on a phone each
  // (decision 063). The frame of each face's arrival, counted from the first script on.
  await page.addInitScript(() => {
    const record = { frame: 0, added: [] as { family: string; weight: string; status: string; frame: number }[] };
    Object.assign(window, { fontRecord: record });
    const tick = () => {
      record.frame += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const add = FontFaceSet.prototype.add;
    FontFaceSet.prototype.add = function (face) {
      record.added.push({ family: face.family, weight: face.weight, status: face.status, frame: record.frame });
      return add.call(this, face);
    };
  });
  await page.goto('/readers');
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].filter((face) => face.status === 'loaded').length))
    .toBeGreaterThanOrEqual(4);
  const added = await page.evaluate(
    () =>
      (
        window as unknown as {
          fontRecord: { added: { family: string; weight: string; status: string; frame: number }[] };
        }
      ).fontRecord.added,
  );
  const loaded = added.filter((face) => face.status === 'loaded');
  expect(loaded.map((face) => `${face.family.replaceAll('"', '')} ${face.weight}`).sort()).toEqual([
    'Alex Brush 400',
    'Playfair Display 400',
    'Playfair Display 600',
    'Playfair Display 700',
  ]);
  expect(new Set(added.map((face) => face.frame)).size, 'frames in which faces arrived').toBe(1);
});

test("a signed-in person is never served a visitor's page, even when asking with its ETag", async ({
  page,
  request,
}) => {
  const visitor = await request.get('/readers');
  const etag = visitor.headers().etag;
  expect(etag).toMatch(/^W\/"/);
  expect(visitor.headers().vary).toMatch(/\bCookie\b/);

  await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
  const signedIn = await page.request.get('/readers', { headers: { 'If-None-Match': etag! } });
  expect(signedIn.status()).toBe(200);
  expect(signedIn.headers()['cache-control']).toBe('private, no-cache');
  expect(signedIn.headers().etag).toBeUndefined();
  expect(await signedIn.text()).not.toContain('Aurora Starweaver');

  await page.goto('/readers');
  await expect(page.getByRole('button', { name: `Account menu for ${DEMO.luna.name}` })).toBeVisible();
  await expect(page.getByText('Aurora Starweaver').first()).toBeVisible();
});
