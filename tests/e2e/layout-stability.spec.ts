import { expect, test } from './fixtures';

// Issue 29: the footer jumped down when a lazily loaded page arrived (CLS 0.35 on 13 of 14 runs).
test.use({ viewport: { width: 375, height: 812 } });

for (const [path, chunk] of [
  ['/', /\/assets\/home-page-[\w-]+\.js$/],
  ['/readers', /\/assets\/readers-page-[\w-]+\.js$/],
] as const) {
  test(`the footer stays below the fold while ${path}'s code is on its way, so the page arriving moves nothing in view`, async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(chunk, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const footer = page.locator('footer');
    await expect(footer).toBeAttached();
    const footerTop = () => footer.evaluate((element) => element.getBoundingClientRect().top);
    expect(await footerTop()).toBeGreaterThanOrEqual(812);
    release();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(await footerTop()).toBeGreaterThanOrEqual(812);
  });
}
