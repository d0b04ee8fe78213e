import { makeFirstMove } from '../../scripts/first-move';
import { expect, holdRequests, test } from './fixtures';

// The footer jumped down when a lazily loaded page arrived (CLS 0.35 on 13 of 14 runs).
// The home page is in the entry now; another page's code is fetched before the first render
// (decision 044), so while it is on its way nothing is shown that its arrival could push.
test.use({ viewport: { width: 375, height: 812 } });

for (const [path, chunk] of [
  ['/readers', /\/assets\/readers-page-[\w-]+\.js$/],
  ['/live', /\/assets\/live-page-[\w-]+\.js$/],
] as const) {
  test(`the footer is never in view while ${path}'s code is on its way, so the page arriving moves nothing in view`, async ({
    page,
  }) => {
    const { release, wasRequested } = await holdRequests(page, chunk);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    // The visitor's first move starts the app (decision 073), which asks for the page's code.
    await makeFirstMove(page, (timeout) => expect.poll(wasRequested, { timeout }).toBe(true));
    const footer = page.locator('footer');
    const footerInView = () =>
      footer.evaluateAll((elements) => elements.some((element) => element.getBoundingClientRect().top < 812));
    expect(await footerInView()).toBe(false);
    release();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(await footerInView()).toBe(false);
  });
}
