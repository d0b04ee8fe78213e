import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { apiContext, ok } from './admin-api';
import { DEMO, expect, holdRequests, newContext, test } from './fixtures';

/*
 * Decision 016: a visitor filters the directory on the server, shares the URL, and the link shows the
 * same readers in the same order. The readers are this spec's own, found by a word only they have.
 */
const token = `zephyr${randomUUID().slice(0, 6)}`;
const specialty = `Starlight ${token.slice(-6)}`;

/** An online reader needs a page open (a socket) or the presence sweep turns them offline. */
const readerSockets: Socket[] = [];

async function keepPageOpen(baseURL: string, cookie: string) {
  const socket = io(baseURL, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, origin: baseURL },
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  readerSockets.push(socket);
}

interface Made {
  name: string;
  username: string;
}

async function makeReaders(baseURL: string): Promise<Record<'cheap' | 'dear' | 'offline' | 'other', Made>> {
  const admin = await apiContext(baseURL);
  await ok(admin.post('/api/auth/sign-in/email', { data: DEMO.admin }));
  const make = async (key: string, options: { rateCents: number; specialties: string[]; isOnline: boolean }) => {
    const id = randomUUID().slice(0, 8);
    const reader = {
      firstName: 'Celeste',
      lastName: `${key} ${id}`,
      email: `dir-${id}@example.com`,
      password: `dir-${id}-pass`,
      username: `dir_${key}_${id}`,
    };
    await ok(
      admin.post('/api/admin/readers', {
        data: {
          ...reader,
          yearsExperience: 4,
          chatRateCents: options.rateCents,
          audioRateCents: options.rateCents,
          videoRateCents: options.rateCents,
          specialties: options.specialties,
          bio: `Readings by the ${token} method.`,
        },
      }),
    );
    if (options.isOnline) {
      const api = await apiContext(baseURL);
      await ok(api.post('/api/auth/sign-in/email', { data: { email: reader.email, password: reader.password } }));
      const { cookies } = await api.storageState();
      await keepPageOpen(baseURL, cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '));
      await ok(api.patch('/api/readers/me', { data: { isOnline: true } }));
      await api.dispose();
    }
    return { name: `${reader.firstName} ${reader.lastName}`, username: reader.username };
  };
  const made = {
    dear: await make('Dear', { rateCents: 450, specialties: [specialty, 'Tarot'], isOnline: true }),
    cheap: await make('Cheap', { rateCents: 150, specialties: ['Tarot', specialty], isOnline: true }),
    offline: await make('Away', { rateCents: 100, specialties: [specialty], isOnline: false }),
    other: await make('Other', { rateCents: 120, specialties: ['Astrology'], isOnline: true }),
  };
  await admin.dispose();
  return made;
}

// Several steps, each a server round trip, on a machine that may be busy with another build.
test.describe.configure({ timeout: 120_000 });
const LOAD = { timeout: 40_000 };

let readers: Awaited<ReturnType<typeof makeReaders>>;
test.beforeAll(async ({ baseURL }) => {
  readers = await makeReaders(baseURL!);
});
test.afterAll(() => {
  for (const socket of readerSockets) socket.disconnect();
});

const cardNames = (page: import('@playwright/test').Page) =>
  page.getByTestId('reader-card').getByRole('heading').allTextContents();

test('a visitor filters the directory, and the shared URL shows the same readers in the same order', async ({
  page,
  browser,
}) => {
  await page.goto('/readers');
  await expect(page).toHaveTitle(/Our Gifted Readers/);
  await expect(page.getByTestId('reader-card').first()).toBeVisible(LOAD);

  await page.getByLabel('Search').fill(token);
  await expect(page).toHaveURL(new RegExp(`search=${token}`));
  await expect(page.getByTestId('reader-card')).toHaveCount(4, LOAD);
  await page.getByLabel('Specialty').selectOption(specialty);
  await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
  // The URL is the checkbox's state: it is checked once the navigation to the new URL is done.
  await page.getByLabel('Online Only').click();
  await expect(page.getByLabel('Online Only')).toBeChecked();

  const expected = [readers.cheap.name, readers.dear.name];
  await expect.poll(() => cardNames(page), LOAD).toEqual(expected);
  await expect(page.getByTestId('directory-count')).toHaveText('Showing 2 of 2 readers');
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ search: token, specialty, sort: 'price-asc', online: 'true' });

  // A fresh browser: no cookies, no cache, only the link.
  const fresh = await newContext(browser);
  const other = await fresh.newPage();
  await other.goto(`${url.pathname}${url.search}`);
  await expect.poll(() => cardNames(other), LOAD).toEqual(expected);
  await expect(other.getByLabel('Search')).toHaveValue(token);
  await expect(other.getByLabel('Specialty')).toHaveValue(specialty);
  await expect(other.getByLabel('Sort by')).toHaveValue('price-asc');
  await expect(other.getByLabel('Online Only')).toBeChecked();
  await fresh.close();

  // Without Online Only the offline reader is there too, marked and not bookable.
  await page.getByLabel('Online Only').click();
  await expect(page.getByLabel('Online Only')).not.toBeChecked();
  await expect.poll(() => cardNames(page), LOAD).toEqual([readers.offline.name, readers.cheap.name, readers.dear.name]);
  const away = page.getByTestId('reader-card').filter({ hasText: readers.offline.name });
  await expect(away.getByText('Offline', { exact: true })).toBeVisible();
  await expect(away.getByRole('button', { name: 'Start Chat Reading' })).toBeDisabled();
});

test('what a visitor types and ticks before the page has its code still filters the list once it has', async ({
  page,
}) => {
  // The page's code held back: the visitor acts on the server's HTML, which React has not hydrated.
  const { release } = await holdRequests(page, /\/assets\/readers-page-[\w-]+\.js$/);
  await page.goto('/readers', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Search').fill(token);
  await page.getByLabel('Online Only').check();
  release();

  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams), LOAD)
    .toEqual({
      search: token,
      online: 'true',
    });
  const online = [readers.cheap.name, readers.dear.name, readers.other.name].sort();
  await expect.poll(async () => (await cardNames(page)).sort(), LOAD).toEqual(online);
  await expect(page.getByLabel('Search')).toHaveValue(token);
  await expect(page.getByLabel('Online Only')).toBeChecked();
});

test("'No readers found' offers to clear the filters, which brings the list back", async ({ page }) => {
  await page.goto(`/readers?search=${token}-nobody&online=true`);
  await expect(page.getByText('No readers found')).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/readers$/);
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(page.getByLabel('Online Only')).not.toBeChecked();
  await expect(page.getByTestId('reader-card').first()).toBeVisible(LOAD);
  await expect(page.getByTestId('directory-count')).toHaveText(/^Showing \d+ of \d+ readers$/);
});

test("a card's name opens the reader's profile", async ({ page }) => {
  await page.goto(`/readers?search=${readers.cheap.username}`);
  const card = page.getByTestId('reader-card');
  await expect(card).toHaveCount(1, LOAD);
  await card.getByRole('link', { name: readers.cheap.name, exact: true }).click();
  await expect(page).toHaveURL(`/readers/${readers.cheap.username}`);
});

test('the next page loads on scrolling to the end of the list, without repeats', async ({ page }) => {
  // Nine demo readers and this spec's four: always more than one page of twelve.
  await page.goto('/readers');
  const count = page.getByTestId('directory-count');
  await expect(count).toHaveText(/^Showing 12 of \d+ readers$/, LOAD);
  const total = Number((await count.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThan(12);
  await expect(page.getByRole('button', { name: 'Load more readers' })).toBeVisible();
  await page.getByTestId('reader-card').last().scrollIntoViewIfNeeded();
  await expect(count).toHaveText(`Showing ${Math.min(24, total)} of ${total} readers`, LOAD);
  const names = await cardNames(page);
  expect(new Set(names).size).toBe(names.length);
});
