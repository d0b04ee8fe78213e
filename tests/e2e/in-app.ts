import { expect, type Page } from '@playwright/test';

/** What every page and tab shows once rendered: a heading or a tab's panel. */
const PAGE_CONTENT = 'main :is(h1, [role="tabpanel"])';

/**
 * Goes to `path` inside the app already open in `page`, the way one of its links does (React
 * Router's history, no new document), and waits until the new page has replaced the old one.
 *
 * A full load costs the browser ~1 s of CPU (parse and run the bundle, style and paint a new
 * document) where this costs ~0.3 s: 30 pages took 34–36 s of CPU by `goto` and 12–15 s this way.
 * For a step of a walk through the app, not for what must come from a fresh load (a reload, a
 * link opened from outside, sign-in state changed behind the page's back): the page keeps what
 * it had loaded, as it does for a person clicking through.
 *
 * "Replaced" is seen in the DOM: every heading and shown tab panel is marked before the move, and
 * the move is done when an unmarked one shows (a tab's panel stays in the DOM, hidden, while
 * another tab is open). So `path` must render a new page or a
 * new tab panel (not the same component with other data, e.g. one reader's profile to another's).
 */
export async function openInApp(page: Page, path: string) {
  // A browser's first page has no app to move in yet.
  if (page.url() === 'about:blank') {
    await page.goto(path);
    return;
  }
  const here = new URL(page.url());
  if (here.pathname + here.search === path) return;
  // The router hears a move only once its first page has committed (its listener is a layout
  // effect): a move sent while a fresh load still rendered was missed, and the old page stayed
  // under the new URL (CI, stop 41).
  await expect(page.locator(PAGE_CONTENT).filter({ visible: true }).first()).toBeVisible({ timeout: 40_000 });
  await page.evaluate((to) => {
    for (const element of document.querySelectorAll('main h1, main [role="tabpanel"]:not([hidden])'))
      element.setAttribute('data-left-behind', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
  await expect(page.locator(`${PAGE_CONTENT}:not([data-left-behind])`).filter({ visible: true }).first()).toBeVisible({
    timeout: 40_000,
  });
}
