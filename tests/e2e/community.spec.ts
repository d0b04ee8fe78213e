import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEMO, expect, openCheckedContext, signInByApi, test } from './fixtures';

/**
 * The forum in real browsers (decision 027): a client posts a discussion and replies to it, another
 * client finds it by a tag within its category, likes it and reports it.
 */
// Most tests use two or three browser contexts; on a busy two-core machine they need more than the default.

const SOL = { email: 'sol@example.com', password: 'password123' } as const;
const CATEGORY = 'Dream Interpretation';

/** The post count a category filter button shows, e.g. 'Dream Interpretation (3)' → 3. */
async function categoryCount(page: Page, name: string): Promise<number> {
  const button = page.getByRole('button', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
  await expect(button).toBeVisible();
  return Number((await button.textContent())?.match(/\((\d+)\)/)?.[1]);
}

test('a client posts a discussion and a reply; another client finds it by tag, likes it and reports it', async ({
  page,
  browser,
}) => {
  const id = randomUUID().slice(0, 8);
  const title = `Flying over a silver lake ${id}`;
  const tag = `lake${id}`;

  await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
  await page.goto('/community');
  const countBefore = await categoryCount(page, CATEGORY);

  await page.getByRole('button', { name: 'New Discussion' }).click();
  const form = page.getByRole('form', { name: 'New discussion' });
  await form.getByLabel('Title').fill('Fly');
  await form.getByLabel('Content').fill('Last night I flew over a silver lake and woke up calm. What could it mean?');
  await form.getByLabel('Category').selectOption(CATEGORY);
  await form.getByLabel('Tags').fill(`Lucid, ${tag}`);
  await form.getByRole('button', { name: 'Post Discussion' }).click();
  await expect(form.getByText('Title must be at least 5 characters')).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Post Discussion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/community\/[\w-]+$/);
  const threadUrl = page.url();
  await expect(page.getByRole('list', { name: 'Tags' })).toContainText(`#${tag}`);

  await page.getByLabel('Your reply').fill('Water often stands for feelings: a calm lake, calm feelings.');
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expect(page.getByTestId('reply')).toContainText('Water often stands for feelings');
  await expect(page.getByRole('heading', { name: '1 reply' })).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveValue('');

  await page.getByRole('link', { name: 'Back to Community' }).click();
  await page.getByRole('button', { name: new RegExp(`^${CATEGORY} \\(`) }).click();
  await expect(page).toHaveURL(/category=Dream\+Interpretation/);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  expect(await categoryCount(page, CATEGORY)).toBe(countBefore + 1);

  const sol = await openCheckedContext(browser);
  try {
    await signInByApi(sol.page, SOL.email, SOL.password);
    await sol.page.goto(threadUrl);
    await expect(sol.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(sol.page.getByTestId('reply')).toContainText('Water often stands for feelings');
    // Someone else's discussion: no Edit or Delete for Sol.
    await expect(sol.page.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    const like = sol.page.getByRole('button', { name: /^Like/ });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.dblclick();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(sol.page.getByTestId('like-count')).toHaveText('1');
    await sol.page.reload();
    await expect(sol.page.getByRole('button', { name: /^Like/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(sol.page.getByTestId('like-count')).toHaveText('1');

    await sol.page.goto('/community');
    await sol.page.getByRole('button', { name: new RegExp(`^${CATEGORY} \\(`) }).click();
    await sol.page.getByRole('searchbox', { name: 'Search discussions' }).fill(tag.toUpperCase());
    await expect(sol.page).toHaveURL(new RegExp(`search=${tag.toUpperCase()}`));
    await expect(sol.page.getByRole('article', { name: title })).toBeVisible();
    await expect(sol.page.getByTestId('discussion-count')).toHaveText('1 discussion');
    await sol.page.getByRole('button', { name: /^Astrology \(/ }).click();
    await expect(sol.page.getByText('No discussions found')).toBeVisible();
    await expect(sol.page.getByText('Be the first to start a conversation in this category!')).toBeVisible();

    await sol.page.goto(threadUrl);
    await sol.page.getByRole('button', { name: 'Report discussion' }).click();
    const dialog = sol.page.getByRole('dialog', { name: 'Report' });
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(dialog.getByText('Tell us what is wrong (at least 3 characters)')).toBeVisible();
    await dialog.getByLabel('What is wrong with it?').fill('Looks like an advert to me.');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(sol.page.getByText('Thanks — our team reviews reports within 24 hours.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await sol.page.getByRole('button', { name: 'Report discussion' }).click();
    await dialog.getByLabel('What is wrong with it?').fill('Reporting it twice.');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(dialog.getByText('You have already reported this.', { exact: false })).toBeVisible();
    expect(sol.problems).toEqual([]);
  } finally {
    await sol.context.close();
  }

  // Back with Luna: her own discussion has Edit and Delete, and no Report.
  await page.goto(threadUrl);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Report discussion' })).toHaveCount(0);
  await expect(page.getByTestId('like-count')).toHaveText('1');
});

test('a visitor reads a thread but is asked to sign in to post, reply or like', async ({ page }) => {
  await page.goto('/community');
  const firstCard = page.getByRole('article').first();
  await expect(firstCard).toBeVisible();
  await page.getByRole('button', { name: 'New Discussion' }).click();
  await expect(page.getByText('Sign in to start a discussion.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'New discussion' })).toHaveCount(0);

  await firstCard.getByRole('link', { name: /^Join Discussion/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('to join the discussion.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Report/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByText('Sign in to like discussions.')).toBeVisible();
});

test('the Categories tab lists the six with counts, and choosing one filters the discussions; the URL keeps it', async ({
  page,
}) => {
  await page.goto('/community');
  await page.getByRole('tab', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/tab=categories/);
  await page.reload();
  const categories = page.getByRole('list', { name: 'Categories' }).getByRole('button');
  await expect(categories).toHaveCount(6);
  await expect(categories.filter({ hasText: 'Crystal Healing' })).toContainText(/\d+ posts?/);
  await categories.filter({ hasText: 'Crystal Healing' }).click();
  await expect(page.getByRole('tab', { name: 'Discussions' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: /^Crystal Healing \(/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/category=Crystal\+Healing/);
  for (const card of await page.getByRole('article').all()) await expect(card).toContainText('Crystal Healing');
});

test('a discussion that does not exist says so, with the way back', async ({ page }) => {
  await page.goto(`/community/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Discussion not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Community' }).click();
  await expect(page).toHaveURL('/community');
});

test('the list and a thread fit a phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
  await page.goto('/community');
  await expect(page.getByRole('article').first()).toBeVisible();
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /^Join Discussion/ })
    .click();
  await expect(page.getByRole('button', { name: /^Like/ })).toBeVisible();
  expect(await fits()).toBe(true);
});

/** A discussion posted through the API in the page's cookie jar, for tests about what happens to it next. */
async function postByApi(
  page: Page,
  input: { title: string; content: string; category: string; tags?: string[] },
): Promise<string> {
  const origin = test.info().project.use.baseURL ?? '';
  const response = await page.request.post('/api/community/posts', { data: input, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test('the author edits their discussion, then deletes it after confirming', async ({ page }) => {
  const id = randomUUID().slice(0, 8);
  await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
  const postId = await postByApi(page, {
    title: `Which deck for a beginner ${id}`,
    content: 'I would like to start reading tarot myself.',
    category: 'Tarot & Oracle Cards',
  });
  await page.goto(`/community/${postId}`);

  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit discussion' });
  await expect(form.getByLabel('Title')).toHaveValue(`Which deck for a beginner ${id}`);
  await form.getByLabel('Title').fill(`Which tarot deck for a beginner ${id}`);
  await form.getByLabel('Tags').fill('decks, beginners');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Which tarot deck for a beginner ${id}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' })).toHaveText(/#decks.*#beginners/);

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this discussion?' });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete Discussion' }).click();
  await expect(page).toHaveURL('/community');
  await expect(page.getByRole('article', { name: `Which tarot deck for a beginner ${id}` })).toHaveCount(0);
  await page.goto(`/community/${postId}`);
  await expect(page.getByRole('heading', { name: 'Discussion not found' })).toBeVisible();
});

test('an admin pins and hides a discussion with a reason: it leads the list, then only its author and admins see it, marked Hidden, and its author reads why', async ({
  page,
  browser,
}) => {
  const id = randomUUID().slice(0, 8);
  await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
  const title = `Amethyst by the bed ${id}`;
  const postId = await postByApi(page, {
    title,
    content: 'Does anyone else sleep with amethyst nearby?',
    category: 'Crystal Healing',
  });

  const admin = await openCheckedContext(browser);
  try {
    await signInByApi(admin.page, DEMO.admin.email, DEMO.admin.password);
    await admin.page.goto(`/community/${postId}`);
    const pin = admin.page.getByRole('button', { name: 'Pin' });
    await pin.click();
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    await admin.page.goto('/community?category=Crystal+Healing');
    await expect(admin.page.getByRole('article').first()).toHaveAccessibleName(title);

    await admin.page.goto(`/community/${postId}`);
    // A moderator never edits someone else's words.
    await expect(admin.page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await admin.page.getByRole('button', { name: 'Hide' }).click();
    const ask = admin.page.getByRole('dialog', { name: 'Hide this discussion?' });
    await ask.getByRole('button', { name: 'Hide Discussion' }).click();
    await expect(ask.getByText('Tell the author why (at least 3 characters)')).toBeVisible();
    await ask.getByLabel('Reason (the author sees it)').fill(`Please keep product talk out ${id}`);
    await ask.getByRole('button', { name: 'Hide Discussion' }).click();
    await expect(admin.page.getByText('Hidden', { exact: true })).toBeVisible();
    expect(admin.problems).toEqual([]);
  } finally {
    await admin.context.close();
  }

  await page.goto(`/community/${postId}`);
  await expect(page.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(page.getByText('Hidden by a moderator. Only you and the moderators can see it.')).toBeVisible();
  await expect(page.getByText(`Reason: Please keep product talk out ${id}`)).toBeVisible();
  const visitor = await openCheckedContext(browser);
  try {
    await visitor.page.goto(`/community/${postId}`);
    await expect(visitor.page.getByRole('heading', { name: 'Discussion not found' })).toBeVisible();
  } finally {
    await visitor.context.close();
  }
});

test('a signed-in client reports a review on a reader’s profile', async ({ page }) => {
  await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
  await page.goto('/readers/aurora');
  const report = page
    .getByRole('region', { name: 'Reviews' })
    .getByRole('button', { name: /^Report review from / })
    .first();
  await report.click();
  const dialog = page.getByRole('dialog', { name: 'Report' });
  await dialog.getByLabel('What is wrong with it?').fill('This names someone who asked to stay anonymous.');
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(page.getByText('Thanks — our team reviews reports within 24 hours.')).toBeVisible();
});

test('a viewer reports another viewer’s live chat message, but not their own', async ({ page, browser }) => {
  const origin = test.info().project.use.baseURL ?? '';
  const reader = await openCheckedContext(browser);
  const sol = await openCheckedContext(browser);
  let streamId = '';
  try {
    await signInByApi(reader.page, DEMO.reader.email, DEMO.reader.password);
    // A stream whose reader has no page open ends by itself a billing minute later (decision 034).
    await reader.page.goto('/dashboard');
    const created = await reader.page.request.post('/api/live/streams', {
      data: { title: 'Evening pulls', description: '', category: 'Tarot Reading', priceCents: 0 },
      headers: { Origin: origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    streamId = ((await created.json()) as { id: string }).id;

    await signInByApi(page, DEMO.luna.email, DEMO.luna.password);
    await page.goto(`/live/${streamId}`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeEnabled();
    await box.fill('Selling cheap readings, message me!');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('stream-chat-message')).toContainText('Selling cheap readings');
    await expect(page.getByRole('button', { name: /^Report message from/ })).toHaveCount(0);

    await signInByApi(sol.page, SOL.email, SOL.password);
    await sol.page.goto(`/live/${streamId}`);
    await sol.page.getByRole('button', { name: 'Report message from Luna' }).click();
    const dialog = sol.page.getByRole('dialog', { name: 'Report' });
    await dialog.getByLabel('What is wrong with it?').fill('Advertising readings off the platform.');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(sol.page.getByText('Thanks — our team reviews reports within 24 hours.')).toBeVisible();
    expect(sol.problems).toEqual([]);
  } finally {
    if (streamId)
      await reader.page.request.post(`/api/live/streams/${streamId}/end`, { data: {}, headers: { Origin: origin } });
    await sol.context.close();
    await reader.context.close();
  }
});
