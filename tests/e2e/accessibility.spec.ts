import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { themes, type Theme } from '../../src/web/lib/theme';
import { apiContext, createReaderByApi, ok } from './admin-api';
import { axeViolations } from './axe';
import { DEMO, expect, test } from './fixtures';
import { openInApp } from './in-app';

/**
 * The quality bar: axe finds no serious or critical violation on any public page or
 * dashboard, in both themes, at desktop width and on a 375 px phone. One browser context per theme
 * and role (signed in once); each page is opened once and scanned at both widths.
 *
 * A scan takes about a second (tests/e2e/axe.ts) and a theme has some 50, so `npm test` and CI
 * scan in one theme a run (A11Y_THEMES, chosen in playwright.config.ts; the tests' titles name it);
 * `npm run test:a11y` and `npm run test:all` scan in every theme (A11Y_THEMES=all).
 */
const chosenThemes = process.env.A11Y_THEMES ?? 'all';
const scannedThemes: readonly Theme[] =
  chosenThemes === 'all'
    ? themes
    : chosenThemes
        .split(',')
        .map((theme) => ((themes as readonly string[]).includes(theme) ? (theme as Theme) : unknownTheme(theme)));

function unknownTheme(theme: string): never {
  throw new Error(`A11Y_THEMES: no theme ${theme} (themes: ${themes.join(', ')}, or all)`);
}

const publicPages = [
  '/',
  '/readers',
  // A demo reader's profile (seeded by SEED_DEMO).
  '/readers/aurora',
  '/about',
  '/policies?tab=terms',
  '/policies?tab=privacy',
  '/policies?tab=guidelines',
  '/help',
  // Readers who apply (decision 045).
  '/apply',
  '/login',
  '/signup',
  '/live',
  '/shop',
  '/community',
  '/the/far/side/of/the/moon',
];

const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * axe cannot measure text over a background image or gradient and files every such text under
 * 'incomplete', so with the page's decoration on it would check no contrast at all. The scan hides
 * the starfield and the two corner glows (tints of at most 22%) and measures against the theme's
 * page colour; gradients inside components (the closing call, initials avatars) stay unmeasured and
 * were checked by hand.
 */
const HIDE_DECORATION = 'html { background-image: none !important; } .starfield { display: none !important; }';

/** One line per failing rule and element, so a report says what to fix and where. */
async function blockingViolations(page: Page, label: string): Promise<string[]> {
  await page.addStyleTag({ content: HIDE_DECORATION });
  return (await axeViolations(page))
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${label}: ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`,
      ),
    );
}

/** Waits until the page shows its content, not its skeletons or spinners, so axe sees what people see. */
async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 40_000 });
  // Skeletons and spinners (data-loading), not every pulse: a live stream's badge pulses for good.
  await expect(page.locator('main [data-loading]')).toHaveCount(0, { timeout: 40_000 });
  // A tab reached inside the app fades its trigger's colours (~150 ms): read mid-way, the light
  // theme's active trigger measured 1.01–3.65 against its 4.5. Contrast is read at rest.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Opens a page once and scans it at each size, widest first (narrowing needs no reload). The first
 * page of a browser is loaded; the next ones are reached inside the app, as its links do (a full
 * load costs the browser about three times as much), unless `load` asks for a document of its own.
 */
async function scanPage(
  page: Page,
  path: string,
  label: string,
  sizes: readonly (typeof widths)[number][] = widths,
  load = false,
): Promise<string[]> {
  const found: string[] = [];
  for (const [index, size] of sizes.entries()) {
    await page.setViewportSize({ width: size.width, height: size.height });
    if (index === 0) await (load ? page.goto(path) : openInApp(page, path));
    await settle(page);
    found.push(...(await blockingViolations(page, `${label} ${size.name} ${path}`)));
  }
  return found;
}

/** A context in the given theme, chosen the way the toggle stores it; no motion, so contrast is read at rest. */
async function themedContext(
  browser: Browser,
  theme: Theme,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    reducedMotion: 'reduce',
    storageState,
  });
  await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
  return context;
}

test.describe('accessibility', () => {
  // Independent scans of 5 to 14 pages each: spread them over the workers. A busy machine can
  // take a few seconds a scan.
  test.describe.configure({ mode: 'parallel' });
  test.setTimeout(360_000);

  // Two halves of the public pages, so two workers share the scans.
  const halves = [publicPages.slice(0, publicPages.length / 2), publicPages.slice(publicPages.length / 2)];
  for (const theme of scannedThemes) {
    for (const [half, paths] of halves.entries()) {
      test(`public pages (part ${half + 1} of 2) have no serious or critical axe violation in the ${theme} theme`, async ({
        page,
      }) => {
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const found: string[] = [];
        for (const path of paths) found.push(...(await scanPage(page, path, theme)));
        expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
        expect(found).toEqual([]);
      });
    }
  }

  const dashboards = [
    {
      role: 'client',
      signIn: async (baseURL: string) => {
        const api = await apiContext(baseURL);
        await ok(
          api.post('/api/auth/sign-in/email', { data: { email: DEMO.luna.email, password: DEMO.luna.password } }),
        );
        return api;
      },
      otherTabs: [
        '/dashboard/favorites',
        '/dashboard/sessions',
        '/dashboard/wallet',
        '/dashboard/profile',
        '/shop/orders',
      ],
      /** The checkout page the sandbox plays Stripe Checkout on (decision 039), for a deposit opened now. */
      morePages: async (api: APIRequestContext) => {
        const { url } = await ok(
          api.post('/api/payments/checkout', {
            data: { amountCents: 2500 },
            headers: { 'Idempotency-Key': randomUUID() },
          }),
        );
        return [new URL(url).pathname];
      },
    },
    {
      role: 'reader',
      // A reader of its own, so no other spec's reading request reaches this browser.
      signIn: async (baseURL: string) => (await createReaderByApi(baseURL, { rateCents: 299, lastName: 'Axe' })).api,
      otherTabs: [
        '/dashboard/sessions',
        '/dashboard/earnings',
        '/dashboard/schedule',
        '/dashboard/settings',
        '/dashboard/products',
      ],
    },
    {
      role: 'admin',
      signIn: async (baseURL: string) => {
        const api = await apiContext(baseURL);
        await ok(api.post('/api/auth/sign-in/email', { data: DEMO.admin }));
        return api;
      },
      otherTabs: [
        '/dashboard/users',
        '/dashboard/sessions',
        '/dashboard/analytics',
        '/dashboard/payouts',
        '/dashboard/applications',
      ],
    },
  ] as const;

  for (const theme of scannedThemes) {
    for (const dashboard of dashboards) {
      const { role, signIn, otherTabs } = dashboard;
      test(`every tab of the ${role} dashboard has no serious or critical axe violation in the ${theme} theme`, async ({
        browser,
      }) => {
        const api = await signIn(test.info().project.use.baseURL!);
        const context = await themedContext(browser, theme, await api.storageState());
        const morePages = 'morePages' in dashboard ? await dashboard.morePages(api) : [];
        await api.dispose();
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        // The dashboard at both widths; its other tabs share its layout, so they are scanned at desktop width.
        const found = await scanPage(page, '/dashboard', `${theme} ${role}`);
        for (const tab of otherTabs) found.push(...(await scanPage(page, tab, `${theme} ${role}`, [widths[0]])));
        // Pages of their own layout, at both widths, each loaded.
        for (const path of morePages) found.push(...(await scanPage(page, path, `${theme} ${role}`, widths, true)));
        expect(errors, `${role} page errors`).toEqual([]);
        await context.close();
        expect(found).toEqual([]);
      });
    }
  }
});
