/**
 * The public pages' budgets (decision 007), counted as a browser fetches a first visit:
 * each page opened signed out in Chromium at 375 and 1280 px until the network is idle and the
 * page is done (scripts/measure-pages.ts), every script fetched added up at its gzip size: the entry, its
 * preloads, the route and any chunk the first render imports lazily (a manifest shows only the
 * static imports: decision 044 found 198 KB fetched where one counted 150). KB are 1024 bytes.
 *
 * `npm test` checks the scripts, requests and layout shifts in the browser tests against their
 * server (tests/e2e/page-budgets.spec.ts); `npm run check:bundle` does on a fresh app of its own;
 * `npm run bench:pages` prints every figure and checks the largest paint as well, which a busy
 * machine moves, so the tests do not.
 *
 * How the pages got there: the home page 198 KB in 36 files → 118.7 KB in 2 (stop 31: declarative
 * routing, the cart and the toaster loaded when used, the entry's imports in one chunk). The others
 * (stop 34) 167–225 KB → 135–146: forms, dialogs and menus loaded when opened (the moderators'
 * reason, a report, a question, a new discussion, the queue's Join, the notification settings), and
 * no zod (25 KB) on them: their API calls take the answer as its declared type, which the server
 * has checked against the same schema (web/lib/api-client.ts callApi, whose endpoints the build
 * strips of their schemas, decision 069), the stored cart is checked
 * by hand, and the words and limits they show live in zod-free shared modules (the `*-rules`,
 * reader-directory and realtime-events modules, kept in a chunk of their own by vite.config.ts).
 * What is left: cn() without tailwind-merge (-8 KB on every page) needs the ~40 overrides it
 * resolves rewritten first (Button sizes, Card paddings, Dialog widths…); Tailwind orders utilities
 * in its style sheet, not by class order.
 */
import { measurePages, type PageFigures, publicPagePaths } from './measure-pages';

export const HOME_JS_BUDGET_KB = 120;
/** Scripts fetched by `/`, each one a request (decision 044: at most 15 requests). */
export const HOME_JS_REQUESTS = 15;
export const PAGE_JS_BUDGET_KB = 160;
export const CLS_BUDGET = 0.05;
/** At 1280 px on localhost: checked by `npm run bench:pages` only, a loaded machine moves it. */
export const LCP_BUDGET_MS = 1000;

const kb = (bytes: number) => bytes / 1024;

/** What each measured page is over; `lcp` checks the largest paint too. */
export function overBudget(figures: PageFigures[], { lcp }: { lcp: boolean }): string[] {
  const over: string[] = [];
  for (const page of figures) {
    const where = `${page.path} at ${page.viewport} px`;
    const isHome = page.path === '/';
    const budget = isHome ? HOME_JS_BUDGET_KB : PAGE_JS_BUDGET_KB;
    if (kb(page.jsGzipBytes) > budget) {
      over.push(
        `${where}: ${kb(page.jsGzipBytes).toFixed(2)} KB of JavaScript (gzip), budget ${budget}: load more of it when used (scripts/page-budgets.ts).`,
      );
    }
    if (isHome && page.jsFiles > HOME_JS_REQUESTS) {
      over.push(
        `${where}: ${page.jsFiles} scripts, more than ${HOME_JS_REQUESTS}: group small chunks (vite.config.ts codeSplitting).`,
      );
    }
    if (page.cls > CLS_BUDGET)
      over.push(
        `${where}: layout shift ${page.cls.toFixed(3)}, budget ${CLS_BUDGET} (BENCH_PAGES_SHIFTS=1 npm run bench:pages names what moved).`,
      );
    if (lcp && page.viewport === '1280' && page.lcpMs > LCP_BUDGET_MS)
      over.push(`${where}: largest paint at ${Math.round(page.lcpMs)} ms, budget ${LCP_BUDGET_MS}.`);
  }
  return over;
}

/** Measures every public page on the app at `base`: a report to print, and what is over budget. */
export async function checkPageBudgets(base: string): Promise<{ report: string[]; overBudget: string[] }> {
  const figures = await measurePages(base, await publicPagePaths(base), { concurrency: 3, settleMs: 0 });
  const report = figures.map(
    (page) =>
      `${page.path.padEnd(20)} ${page.viewport.padStart(4)} px  ${kb(page.jsGzipBytes).toFixed(2).padStart(7)} KB JS in ${String(page.jsFiles).padStart(2)} scripts  CLS ${page.cls.toFixed(3)}`,
  );
  return { report, overBudget: overBudget(figures, { lcp: false }) };
}
