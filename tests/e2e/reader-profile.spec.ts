import { randomUUID } from 'node:crypto';
import { type APIRequestContext, test as base } from '@playwright/test';
import { apiContext, completeReadingByApi, ok } from './admin-api';
import { addToFavorites, DEMO, expect, newUser, signUpByApi, test } from './fixtures';

/**
 * A reader's public profile (decision 015) for a reader made through the admin API, with reviews left by
 * real readings: what a visitor reads there, the live status a client sees, the heart that feeds
 * the dashboard, and a username that names nobody.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const id = randomUUID().slice(0, 8);
const READER = {
  email: `profile-reader-${id}@soultribe.app`,
  password: `reader-${id}-pass`,
  firstName: 'Lyra',
  lastName: `Profilewood ${id}`,
  username: `lyra_${id}`,
};
const READER_NAME = `${READER.firstName} ${READER.lastName}`;
const SPECIALTIES = ['Tarot', 'Astrology', 'Dreams', 'Runes', 'Past Lives'];
const BIO =
  `I read the cards the way my grandmother taught me.\nEvery reading ends with one practical step you can take this week. ${'The stars are patient. '.repeat(4)}`.trim();
let readerApi: APIRequestContext;
let readerId: string;

test.beforeAll(async () => {
  const baseURL = base.info().project.use.baseURL!;
  const admin = await apiContext(baseURL);
  await ok(admin.post('/api/auth/sign-in/email', { data: DEMO.admin }));
  const created = await ok(
    admin.post('/api/admin/readers', {
      data: {
        ...READER,
        yearsExperience: 12,
        chatRateCents: 199,
        audioRateCents: 299,
        videoRateCents: 399,
        specialties: SPECIALTIES,
        bio: BIO,
      },
    }),
  );
  await admin.dispose();
  readerId = created.id;
  readerApi = await apiContext(baseURL);
  await ok(readerApi.post('/api/auth/sign-in/email', { data: { email: READER.email, password: READER.password } }));
  // Two real readings, each rated by its client; the newest review comes first.
  const reader = { id: readerId, api: readerApi };
  await completeReadingByApi(baseURL, reader, { minutes: 1, rating: { rating: 4 } });
  await completeReadingByApi(baseURL, reader, {
    minutes: 1,
    rating: { rating: 5, review: 'Clear, kind and precise.' },
  });
});

test.afterAll(async () => {
  await readerApi.dispose();
});

test('a visitor opens a profile from its URL and reads who the reader is, their rates and their reviews', async ({
  page,
}) => {
  // Any case of the username finds the reader.
  await page.goto(`/readers/${READER.username.toUpperCase()}`);
  await expect(page.getByRole('heading', { level: 1, name: READER_NAME })).toBeVisible({ timeout: 40_000 });
  await expect(page).toHaveTitle(`${READER_NAME} · ${SPECIALTIES.join(', ')} · Soul Tribe`);
  await expect(page.getByTestId('reader-status')).toHaveText('Offline');
  await expect(page.getByTestId('reader-rating')).toHaveText('4.5(2 reviews)');
  await expect(page.getByText('12 years experience')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Specialties' }).getByRole('listitem')).toHaveText(SPECIALTIES);
  await expect(page.getByTestId('reader-bio')).toHaveText(BIO);

  const rates = page.getByRole('definition');
  await expect(rates).toHaveText(['$1.99/min', '$2.99/min', '$3.99/min']);
  for (const name of ['Start Chat Reading', 'Audio', 'Video'])
    await expect(page.getByRole('button', { name, exact: true })).toBeDisabled();
  await expect(page.getByTestId('unavailable-reason')).toHaveText(`${READER.firstName} is offline right now.`);

  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByTestId('reviews-average')).toHaveText('4.5');
  await expect(
    reviews.getByRole('list', { name: 'Rating distribution' }).getByRole('listitem', { name: '5 stars: 1 review' }),
  ).toBeVisible();
  for (const [stars, count] of [
    [5, 1],
    [4, 1],
    [3, 0],
    [2, 0],
    [1, 0],
  ] as const) {
    await expect(reviews.getByTestId(`stars-${stars}-count`)).toHaveText(String(count));
  }
  const items = reviews.getByTestId('review');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Clear, kind and precise.');
  await expect(items.first().getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  await expect(items.first()).toContainText('Anonymous · Chat reading');
  await expect(items.nth(1).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Load more reviews' })).toHaveCount(0);

  // What a crawler (no JavaScript) reads from the same URL.
  const html = await (await page.request.get(`/readers/${READER.username}`)).text();
  expect(html).toContain(
    `<meta property="og:title" content="${READER_NAME} · ${SPECIALTIES.join(', ')} · Soul Tribe" />`,
  );
  expect(html).toContain('<meta property="og:type" content="profile" />');

  await page.getByRole('link', { name: 'Back to readers' }).click();
  await expect(page).toHaveURL('/readers');
});

test('a signed-in client sees the reader come online live, then hearts them and finds them in Favorite Readers', async ({
  page,
}) => {
  const client = newUser();
  await signUpByApi(page.request, client);
  await page.goto(`/readers/${READER.username}`);
  await expect(page.getByTestId('reader-status')).toHaveText('Offline', { timeout: 40_000 });

  // No reload: reader_status turns the badge and brings the buttons.
  await ok(readerApi.patch('/api/readers/me', { data: { isOnline: true } }));
  await expect(page.getByTestId('reader-status')).toHaveText('Online');
  await expect(page.getByRole('link', { name: `Start Chat Reading with ${READER_NAME}` })).toHaveAttribute(
    'href',
    `/session/${readerId}?type=chat`,
  );
  await expect(page.getByTestId('unavailable-reason')).toHaveCount(0);
  await ok(readerApi.patch('/api/readers/me', { data: { isOnline: false } }));
  await expect(page.getByTestId('reader-status')).toHaveText('Offline');

  await addToFavorites(page, page);
  await page.goto('/dashboard/favorites');
  const favorite = page.getByTestId('favorite-reader').filter({ hasText: READER_NAME });
  await expect(favorite).toBeVisible({ timeout: 40_000 });
  await expect(favorite).toContainText(`@${READER.username}`);
});

test("an unknown username shows 'Reader not found' with a way back to the directory", async ({ page }) => {
  const response = await page.goto(`/readers/nobody_${id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Reader not found' })).toBeVisible({ timeout: 40_000 });
  await expect(page).toHaveTitle('Reader not found · Soul Tribe');
  await page.getByRole('link', { name: 'Browse all readers' }).click();
  await expect(page).toHaveURL('/readers');
});
