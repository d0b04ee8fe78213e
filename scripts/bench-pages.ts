/**
 * `npm run bench:pages`: the public pages as a browser sees them (decision 007), measured by
 * measure-pages.ts on the built app (run `npm run build` first) and printed as a table; exits 1
 * when a page is over its budget (page-budgets.ts), the largest paint at 1280 px included. Then
 * what a user gets (decision 063), reported against goals that do not set the exit code: the bytes of
 * a first visit of `/` and `/readers` with the service worker installing and without it
 * (first-visit-bytes.ts; goal: at most 10 % more), and, with Lighthouse installed
 * (lighthouse-scores.ts), the mobile score and LCP of `/`, `/readers`, a profile and `/shop`, five
 * times each (BENCH_PAGES_LIGHTHOUSE_ROUNDS), beside a bare page's (with the product's headers, and
 * once a round without) and the load average, then each page's median.
 *
 * Knobs (environment): BENCH_PAGES_URL (measure a server already running instead; its socket does
 * not trust the byte-counting proxy's origin, so those figures include its refused handshakes),
 * CHROMIUM_PATH, BENCH_PAGES_ONLY (comma-separated paths), BENCH_PAGES_FILES=1 (each file fetched,
 * with its gzip size), BENCH_PAGES_SHIFTS=1 (each layout shift and what moved).
 */
import { firstVisitBytes, startCountingProxy } from './first-visit-bytes';
import {
  LCP_GOAL_MS,
  type LighthouseRun,
  lighthouseRuns,
  medianRuns,
  missedGoals,
  SCORE_GOAL_OF_BARE,
} from './lighthouse-scores';
import { firstReaderPath, measurePages, publicPagePaths, startServer } from './measure-pages';
import { overBudget } from './page-budgets';

/** A first visit with the service worker may cost this much more than one without (decision 062). */
const WORKER_BYTES_GOAL = 1.1;
const FIRST_VISIT_PATHS = ['/', '/readers'];

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

/** A line of the Lighthouse tables: a run, or a page's median (`count` says which). */
const lighthouseRow = (run: Omit<LighthouseRun, 'round'>, count: Record<string, number>) => ({
  page: new URL(run.url).pathname,
  ...count,
  score: run.score,
  'LCP ms': run.lcpMs,
  'bare score': run.bareScore,
  'bare LCP ms': run.bareLcpMs,
  'bare, no headers': run.plainBareScore,
  'load 1 min': Number(run.load.toFixed(2)),
  goals: missedGoals(run).join('; ') || 'met',
});

async function main(): Promise<number> {
  const proxy = await startCountingProxy();
  const server = process.env.BENCH_PAGES_URL
    ? { base: process.env.BENCH_PAGES_URL, stop: () => undefined }
    : await startServer({ trustedOrigins: [proxy.origin] });
  proxy.forwardTo(new URL(server.base));
  try {
    const only = process.env.BENCH_PAGES_ONLY?.split(',').filter(Boolean);
    const figures = await measurePages(server.base, only ?? (await publicPagePaths(server.base)));
    console.table(
      figures.map((f) => ({
        page: f.path,
        px: f.viewport,
        'JS gzip KB': kb(f.jsGzipBytes),
        'JS files': f.jsFiles,
        'JS KB reading only': kb(f.readingJsGzipBytes),
        'CSS gzip KB': kb(f.cssGzipBytes),
        'wire KB': kb(f.wireBytes),
        requests: f.requests,
        'LCP ms': Math.round(f.lcpMs),
        CLS: Number(f.cls.toFixed(3)),
        'TBT ms': Math.round(f.tbtMs),
      })),
    );
    const selected = (paths: string[]) => paths.filter((path) => !only || only.includes(path));

    console.info(
      `First visit at 375 px, every byte the server sent (goal: with the worker ≤ ${WORKER_BYTES_GOAL}× without):`,
    );
    const visits = await firstVisitBytes(proxy, selected(FIRST_VISIT_PATHS));
    console.table(
      visits.map((v) => ({
        page: v.path,
        'without worker KB': kb(v.withoutWorker),
        'with worker KB': kb(v.withWorker),
        ratio: Number((v.withWorker / v.withoutWorker).toFixed(3)),
        goal: v.withWorker <= v.withoutWorker * WORKER_BYTES_GOAL ? 'met' : 'missed',
      })),
    );

    const scored = selected(['/', '/readers', await firstReaderPath(server.base), '/shop']);
    const runs = await lighthouseRuns(scored.map((path) => `${server.base}${path}`));
    if (runs === null) console.info('Lighthouse: not installed (npm i --no-save -E lighthouse@12.2.3).');
    else {
      console.info(
        `Lighthouse 12 mobile, each run beside a bare one-line page with the product's headers, and that page without them once a round (goals: score ≥ ${SCORE_GOAL_OF_BARE * 100} % of the bare page's, LCP ≤ ${LCP_GOAL_MS} ms):`,
      );
      console.table(runs.map((run) => lighthouseRow(run, { run: run.round })));
      console.info("The median of each page's runs:");
      console.table(medianRuns(runs).map((run) => lighthouseRow(run, { runs: run.runs })));
    }

    const over = overBudget(figures, { lcp: true });
    for (const line of over) console.error(line);
    return over.length > 0 ? 1 : 0;
  } finally {
    proxy.stop();
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
