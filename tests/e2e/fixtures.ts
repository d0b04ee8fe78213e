import { randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { makeFirstMove } from '../../scripts/first-move';
import { AWAITING_HYDRATION_SELECTOR } from '../../src/shared/server-render';

export const DEMO = {
  admin: { email: 'admin@soultribe.app', password: 'admin-password-123' },
  luna: { email: 'luna@example.com', password: 'password123', name: 'Luna Martinez' },
  reader: { email: 'aurora@soultribe.app', password: 'password123' },
} as const;

/**
 * The browser logs every 4xx answer it receives. From our API those are expected answers (a 401 for a
 * signed-out call, a 400 a bad field); a 5xx or a failed asset is not.
 */
function isExpectedApiRejection(text: string, url: string): boolean {
  return /Failed to load resource: the server responded with a status of 4\d\d/.test(text) && url.includes('/api/');
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
}

export function newUser(): NewUser {
  const id = randomUUID().slice(0, 8);
  return { name: `Seeker ${id}`, email: `seeker-${id}@example.com`, password: `stars-${id}-pass` };
}

/**
 * A page the server rendered (decision 063) starts its app at the visitor's first move (decision 073)
 * and shows its controls before React has hydrated them: a click on a button in between is held and
 * given to the app, but what a test checks right after a load (a control's state, a count of
 * requests) should be the hydrated page's. So each load of such a page (goto, reload, back, forward)
 * makes a visitor's first move with a key that changes nothing on the page (a mouse's would depend
 * on where the last test left it; scripts/first-move.ts), and returns once the app has hydrated it.
 */
function awaitHydrationOnLoad(page: Page) {
  type LoadOptions = { waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit' };
  const awaiting = page.locator(AWAITING_HYDRATION_SELECTOR);
  const hydrated = async (response: Response | null, options?: LoadOptions) => {
    // A test that asks for the page before it has loaded (a chunk held back) wants it unhydrated.
    const isEarly = options?.waitUntil === 'commit' || options?.waitUntil === 'domcontentloaded';
    if (response && !isEarly && (await awaiting.count()) > 0) {
      await makeFirstMove(page);
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  page.goto = async (url, options) => hydrated(await goto(url, options), options);
  page.reload = async (options) => hydrated(await reload(options), options);
  page.goBack = async (options) => hydrated(await goBack(options), options);
  page.goForward = async (options) => hydrated(await goForward(options), options);
}

/**
 * Every test fails on a console error (a crashed component, a failed asset) and on any request
 * that leaves the site: fonts, images and scripts must all be our own.
 */
export const test = base.extend<{ guard: undefined }>({
  page: async ({ page }, use) => {
    awaitHydrationOnLoad(page);
    await use(page);
  },
  guard: [
    async ({ page, baseURL }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        // A page that does not exist (an unknown reader's profile) answers 404, as crawlers need.
        const isNotFoundDocument = /status of 404/.test(message.text()) && message.location().url === page.url();
        if (
          message.type() === 'error' &&
          !isExpectedApiRejection(message.text(), message.location().url) &&
          !isNotFoundDocument
        ) {
          problems.push(`console: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(baseURL ?? '') && !url.startsWith('data:') && !url.startsWith('blob:'))
          problems.push(`off-site request: ${url}`);
      });
      await use(undefined);
      expect(problems, 'console errors or off-site requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A second person's browser context (their own cookies). A context made by hand gets none of the
 * config's `use` options, so this gives it the suite's base URL and reduced motion: without it the
 * starfield's endless twinkle, drawn in software, kept a core busy for every such page (Chromium at
 * 146% CPU with two workers) and starved the other browsers in the test, WebRTC ones included.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base.info().project.use.baseURL,
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  if (options.javaScriptEnabled !== false) context.on('page', awaitHydrationOnLoad);
  return context;
}

/**
 * A browser context of its own (its own cookies: a second person in a test), held to the fixture's
 * rule for its page: the problems it collects (console errors, page errors) should stay empty.
 */
export async function openCheckedContext(browser: Browser) {
  const context = await newContext(browser);
  // Functions handed to page.evaluate are compiled by tsx, whose output calls esbuild's __name.
  await context.addInitScript('globalThis.__name = f => f');
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpectedApiRejection(message.text(), message.location().url))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}

/**
 * Hearts a reader (the heart inside `scope`) and waits until the server has saved it: the heart turns
 * at once, before the save, and a reload or a navigation straight after would cancel the request.
 */
export async function addToFavorites(page: Page, scope: Page | Locator) {
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && new URL(response.url()).pathname.startsWith('/api/favorites/'),
  );
  await scope.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(scope.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
  expect((await saved).ok()).toBe(true);
}

/**
 * Holds the page's requests for `url` until `release()`, as a slow network would: what a visitor
 * does while a file is on its way. `wasRequested()` says whether the page has asked for it yet.
 */
export async function holdRequests(page: Page, url: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(url, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { release, wasRequested: () => requested };
}

/** The app's entry script as index.html names it (the React app is a chunk it imports, decision 073). */
export function entryScriptPath(html: string): string {
  const entry = html.match(/<script type="module"[^>]* src="(\/assets\/index-[\w-]+\.js)"/)?.[1];
  expect(entry, html).toBeDefined();
  return entry!;
}

/** The React app's chunk, which the entry imports at a visitor's first move (decision 073). */
export async function appScriptPath(request: APIRequestContext, html: string): Promise<string> {
  const app = (await (await request.get(entryScriptPath(html))).text()).match(/assets\/app-[\w-]+\.js/)?.[0];
  expect(app).toBeDefined();
  return `/${app}`;
}

export async function signInOnPage(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** Fills the sign-up form (page or dialog) and sends it: the answer is 'Check your email', new email or taken. */
export async function submitSignUp(page: Page, user: NewUser) {
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name').fill(user.name);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * The path of the newest mailed link of a kind to `email`, read from the dev mailbox (the mail
 * worker sends within a second or two).
 */
export async function mailedLinkPath(request: APIRequestContext, email: string, kind: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?${new URLSearchParams({ to: email })}`);
        const { messages } = (await response.json()) as { messages: { kind: string; links: { url: string }[] }[] };
        const link = messages.find((message) => message.kind === kind)?.links[0]?.url;
        path = link && new URL(link).pathname + new URL(link).search;
        return path;
      },
      { message: `a ${kind} mail to ${email}`, timeout: 40_000 },
    )
    .toBeTruthy();
  return path!;
}

/** The newest verification link mailed to `email`: opening it signs its person in, in that cookie jar. */
export const verificationPath = (request: APIRequestContext, email: string) =>
  mailedLinkPath(request, email, 'verify_email');

/** Signs a new person up on the page as they would: the form, 'Check your email', then the mailed link, landing on the dashboard. */
export async function signUpOnPage(page: Page, user: NewUser) {
  await submitSignUp(page, user);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: user.email })).toBeVisible();
  await page.goto(await verificationPath(page.request, user.email));
  await expect(page).toHaveURL('/dashboard');
}

/** Signs a new person up through the API and opens the mailed link in the same cookie jar (a page's `request` or its own context): signed in there. */
export async function signUpByApi(request: APIRequestContext, user: NewUser = newUser()): Promise<NewUser> {
  const origin = base.info().project.use.baseURL ?? '';
  const signedUp = await request.post('/api/auth/sign-up/email', { data: user, headers: { Origin: origin } });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const opened = await request.get(await verificationPath(request, user.email));
  expect(opened.ok(), `opening the verification link of ${user.email}`).toBe(true);
  return user;
}

/** Signs in through the API in the page's cookie jar, for tests about what a signed-in user sees. */
export async function signInByApi(page: Page, email: string, password: string) {
  // Better Auth refuses cookie-carrying POSTs without a trusted Origin, as a browser would send.
  const origin = base.info().project.use.baseURL ?? '';
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { Origin: origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * After a refused submit, react-hook-form focuses the first refused field at once and again a task
 * later (a setTimeout). Text typed into another field before that second focus goes into the
 * refused one (under load a first name once went into a rate field): this waits until it has run,
 * since a timer set now runs after one set earlier with the same delay.
 */
export async function afterFormFocus(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  return page.getByRole('menu');
}
