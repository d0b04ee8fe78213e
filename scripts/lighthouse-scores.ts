/**
 * Lighthouse's mobile performance score and largest paint of the public pages, each run beside a
 * bare one-line page served in the same run (decision 063): a loaded machine lowers every score, so a
 * page is judged against what Lighthouse gives the simplest page possible at that moment, with
 * the load average printed beside. Goals (reported, not enforced): a page scores ≥ 90 % of the bare
 * page's score, and its LCP (simulated slow 4G, 4× slower CPU) is ≤ 1.5 s.
 *
 * The bare page answers with the product's own security headers (those of the measured page's
 * response), so both pay the same start: Lighthouse loads a page into a tab at about:blank, whose
 * renderer a page without `Cross-Origin-Opener-Policy` takes over already started, while the
 * product's `same-origin` moves it to a browsing context group and a renderer of its own. Once a
 * round the bare page also runs without them, and that score is printed beside (decision 063, stop 69).
 *
 * Lighthouse is not a dependency: 146 packages and 111 MB for a figure only this benchmark prints
 * would slow every `npm ci` (CI's first stage). Install it for a run with
 * `npm i --no-save -E lighthouse@12.2.3` (12.x: 13 wants Node 22; STACK-NOTES.md); without it the
 * benchmark says so and prints the rest.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { BROWSER_ARGS } from './measure-pages';

export const SCORE_GOAL_OF_BARE = 0.9;
export const LCP_GOAL_MS = 1500;

interface LighthouseResult {
  lhr: {
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue?: number } | undefined>;
  };
}
type Lighthouse = (
  url: string,
  flags: { port: number; onlyCategories: string[]; logLevel: 'error' },
) => Promise<LighthouseResult | undefined>;
type ChromeLauncher = {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
};

export interface LighthouseRun {
  url: string;
  round: number;
  score: number | null;
  lcpMs: number | null;
  bareScore: number | null;
  bareLcpMs: number | null;
  /** The bare page's score without the product's headers, in the same round. */
  plainBareScore: number | null;
  /** The machine's 1-minute load average when the page's run ended. */
  load: number;
}

/** The page every score is compared with: one line of HTML, nothing to fetch. */
const BARE_PAGE =
  '<!doctype html><html lang="en"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title><p>A bare page, to compare scores with.</p></html>';

/** What a response says of its body, its caching and its connection: not the product's headers of the page. */
const NOT_COPIED = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'last-modified',
  'set-cookie',
  'transfer-encoding',
  'vary',
]);

/** The headers a page's response carries beside its body (the product's security headers); its body is left unread. */
async function pageHeaders(url: string): Promise<Record<string, string>> {
  const response = await fetch(url);
  await response.body?.cancel();
  return Object.fromEntries([...response.headers].filter(([name]) => !NOT_COPIED.has(name)));
}

/** The bare page at `/` with the given headers, and at `/plain` without them. */
async function serveBarePage(
  headers: Record<string, string>,
): Promise<{ url: string; plainUrl: string; stop: () => void }> {
  const server = createServer((request, response) =>
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        ...(request.url === '/plain' ? {} : headers),
      })
      .end(BARE_PAGE),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the bare page has no TCP port');
  const url = `http://127.0.0.1:${address.port}/`;
  return { url, plainUrl: `${url}plain`, stop: () => server.close() };
}

/** Named through a variable, so the compiler does not look for modules that are installed only for a run. */
const importOptional = (name: string) => import(name);

/**
 * Runs of each page: a score moves by ±7 from run to run on the same build here (decision 063, stop
 * 58), and Lighthouse's own guide to variability finds the median of five runs twice as stable as
 * one run. BENCH_PAGES_LIGHTHOUSE_ROUNDS changes it (at least 2).
 */
export const LIGHTHOUSE_ROUNDS = Math.max(2, Number(process.env.BENCH_PAGES_LIGHTHOUSE_ROUNDS) || 5);

/** One Lighthouse run of a page: its mobile score, largest paint and total blocking time. */
export type Measure = (url: string) => Promise<{ score: number | null; lcpMs: number | null; tbtMs: number | null }>;

/** A fresh browser for each run, as Lighthouse's own runs: nothing cached from the page before; null when Lighthouse is not installed. */
export async function lighthouseMeasure(): Promise<Measure | null> {
  const lighthouse = await importOptional('lighthouse').then(
    (module: { default: Lighthouse }) => module.default,
    () => null,
  );
  const launcher = await importOptional('chrome-launcher').then(
    (module: ChromeLauncher) => module,
    () => null,
  );
  if (!lighthouse || !launcher) return null;
  const chromePath =
    process.env.CHROMIUM_PATH ??
    (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '/usr/bin/chromium-headless-shell');
  const rounded = (value: number | undefined) => (value === undefined ? null : Math.round(value));
  return async (url) => {
    const chrome = await launcher.launch({ chromePath, chromeFlags: BROWSER_ARGS });
    try {
      // Lighthouse's default settings are its mobile ones: a phone's screen, a slow 4G link and a 4× slower CPU.
      const lhr = (await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' }))
        ?.lhr;
      const score = lhr?.categories.performance.score;
      return {
        score: score === null || score === undefined ? null : Math.round(score * 100),
        lcpMs: rounded(lhr?.audits['largest-contentful-paint']?.numericValue),
        tbtMs: rounded(lhr?.audits['total-blocking-time']?.numericValue),
      };
    } finally {
      chrome.kill();
    }
  };
}

/**
 * Each URL `rounds` times, each run beside a run of the bare page with the first URL's headers, and
 * the bare page without them once a round; null when Lighthouse is not installed.
 */
export async function lighthouseRuns(urls: string[], rounds = LIGHTHOUSE_ROUNDS): Promise<LighthouseRun[] | null> {
  const measure = await lighthouseMeasure();
  if (!measure || urls[0] === undefined) return null;
  const bare = await serveBarePage(await pageHeaders(urls[0]));
  try {
    const runs: LighthouseRun[] = [];
    for (let round = 1; round <= rounds; round++) {
      const plainBareScore = (await measure(bare.plainUrl)).score;
      for (const url of urls) {
        const page = await measure(url);
        const barePage = await measure(bare.url);
        runs.push({
          url,
          round,
          ...page,
          bareScore: barePage.score,
          bareLcpMs: barePage.lcpMs,
          plainBareScore,
          load: loadavg()[0] ?? 0,
        });
      }
    }
    return runs;
  } finally {
    bare.stop();
  }
}

/** The middle of the known values (the mean of the two middle ones for an even count); null when none is known. */
export function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
}

/** One line per page: the median of its runs' scores and largest paints, and of its bare page's. */
export function medianRuns(runs: LighthouseRun[]): (Omit<LighthouseRun, 'round'> & { runs: number })[] {
  const urls = [...new Set(runs.map((run) => run.url))];
  return urls.map((url) => {
    const ofPage = runs.filter((run) => run.url === url);
    return {
      url,
      runs: ofPage.length,
      score: median(ofPage.map((run) => run.score)),
      lcpMs: median(ofPage.map((run) => run.lcpMs)),
      bareScore: median(ofPage.map((run) => run.bareScore)),
      bareLcpMs: median(ofPage.map((run) => run.bareLcpMs)),
      plainBareScore: median(ofPage.map((run) => run.plainBareScore)),
      load: median(ofPage.map((run) => run.load)) ?? 0,
    };
  });
}

/** What a run misses of the goals, in words; empty when it meets them. */
export function missedGoals(run: Omit<LighthouseRun, 'round'>): string[] {
  const missed: string[] = [];
  if (run.score === null || run.bareScore === null || run.score < run.bareScore * SCORE_GOAL_OF_BARE)
    missed.push(`score < ${SCORE_GOAL_OF_BARE * 100} % of the bare page's`);
  if (run.lcpMs === null || run.lcpMs > LCP_GOAL_MS) missed.push(`LCP > ${LCP_GOAL_MS} ms`);
  return missed;
}
