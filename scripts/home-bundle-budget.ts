/**
 * The home page's JavaScript, counted as a browser fetches it on a first visit (issue 29, decision
 * 007): `npm run check:bundle` after `vite build` starts the built app on a fresh embedded database
 * (scripts/bench-pages.ts); `npm test` checks it in the browser tests against their server
 * (tests/e2e/home-bundle.spec.ts), saving a second app's start and seed (~25 s of CPU). It opens `/`
 * signed out in Chromium at 375 and 1280 px until the network is idle plus 2 s, and adds up the
 * gzip size of every script fetched: the entry, its preloads, the home route and any chunk the
 * first render imports lazily (a manifest only shows the static imports: issue 29 found 198 KB
 * fetched while it counted 150). It prints each script and exits 1 above HOME_JS_BUDGET_KB or
 * HOME_JS_REQUESTS. KB here are 1024 bytes. Other pages' figures: `npm run bench:pages`.
 *
 * Measured for issue 29 (stop 31), JS gzip fetched by `/`: 198 KB in 36 files before; then
 * declarative routing instead of the data router (-17 KB) and the cart's code (zod, dialog,
 * checkout) loaded only once the cart is pointed at or filled (-45 KB, every page's header fetched
 * it): 132.9 KB in 20 files; sonner with the first toast (-9.5 KB) and the entry's static imports in
 * one chunk: 121.3 KB in 13; the home page in the entry: 118.7 KB in 2 files (and no second round
 * trip before the hero paints). Inside the entry, minified: React DOM 202 KB, React Router 37, TanStack Query
 * 32, tailwind-merge 27, the app's layout, routes and client about 25.
 *
 * What is left, largest first:
 * - cn() as clsx alone, dropping tailwind-merge (-8 KB): ~130 places pass a className that
 *   overrides a component's own utility (CardContent's pt-0, Skeleton's rounded-md, Avatar's size,
 *   TabsContent's mt-6, Button variants' colours…); each must stop conflicting first.
 * - Other public pages (budget 160 KB) still fetch 190-260 KB: zod (25 KB) and the Radix dropdown
 *   (14 KB) on the directory and profile.
 */
import { measurePages } from './bench-pages';

export const HOME_JS_BUDGET_KB = 120;
/** Scripts fetched by `/`, each one a request (issue 29: "in ≤ 15 requests"). */
export const HOME_JS_REQUESTS = 15;

/** Measures `/` on the app at `base` at both widths: a report to print, and what is over budget. */
export async function checkHomeBundle(base: string): Promise<{ report: string[]; overBudget: string[] }> {
  const report: string[] = [];
  const overBudget: string[] = [];
  for (const page of await measurePages(base, ['/'])) {
    const kb = page.jsGzipBytes / 1024;
    report.push(`/ at ${page.viewport} px:`);
    for (const [file, bytes] of page.files.filter(([name]) => name.endsWith('.js')).sort((a, b) => b[1] - a[1])) {
      report.push(`${(bytes / 1024).toFixed(2).padStart(8)} KB  ${file}`);
    }
    report.push(`${kb.toFixed(2).padStart(8)} KB  in ${page.jsFiles} scripts (gzip), budget ${HOME_JS_BUDGET_KB} KB in ${HOME_JS_REQUESTS}`);
    if (kb > HOME_JS_BUDGET_KB) {
      overBudget.push(`/ at ${page.viewport} px: over budget by ${(kb - HOME_JS_BUDGET_KB).toFixed(2)} KB: load more of it lazily (see scripts/home-bundle-budget.ts).`);
    }
    if (page.jsFiles > HOME_JS_REQUESTS) {
      overBudget.push(`/ at ${page.viewport} px: ${page.jsFiles} scripts, more than ${HOME_JS_REQUESTS}: group small chunks (vite.config.ts codeSplitting).`);
    }
  }
  return { report, overBudget };
}
