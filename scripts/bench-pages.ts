/**
 * `npm run bench:pages`: the public pages as a browser sees them (issue 29), measured by
 * measure-pages.ts on the built app (run `npm run build` first) and printed as a table; exits 1
 * when a page is over its budget (page-budgets.ts), the largest paint at 1280 px included.
 *
 * Knobs (environment): BENCH_PAGES_URL (measure a server already running instead), CHROMIUM_PATH,
 * BENCH_PAGES_ONLY (comma-separated paths), BENCH_PAGES_FILES=1 (each file fetched, with its gzip
 * size), BENCH_PAGES_SHIFTS=1 (each layout shift and what moved). With Lighthouse installed
 * (lighthouse-scores.ts) it also prints the mobile performance score of `/`, `/readers` and a
 * profile: a goal reported, not a budget, since the machine's load moves it.
 */
import { measurePages, publicPagePaths, startServer } from './measure-pages';
import { lighthouseScores } from './lighthouse-scores';
import { overBudget } from './page-budgets';

async function main(): Promise<number> {
  const server = process.env.BENCH_PAGES_URL ? { base: process.env.BENCH_PAGES_URL, stop: () => undefined } : await startServer();
  try {
    const only = process.env.BENCH_PAGES_ONLY?.split(',').filter(Boolean);
    const paths = only ?? (await publicPagePaths(server.base));
    const figures = await measurePages(server.base, paths);
    const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
    console.table(
      figures.map((f) => ({
        page: f.path,
        px: f.viewport,
        'JS gzip KB': kb(f.jsGzipBytes),
        'JS files': f.jsFiles,
        'CSS gzip KB': kb(f.cssGzipBytes),
        'wire KB': kb(f.wireBytes),
        requests: f.requests,
        'LCP ms': Math.round(f.lcpMs),
        CLS: Number(f.cls.toFixed(3)),
        'TBT ms': Math.round(f.tbtMs),
      })),
    );
    const scored = (await publicPagePaths(server.base)).slice(0, 3).filter((path) => !only || only.includes(path));
    const scores = await lighthouseScores(scored.map((path) => `${server.base}${path}`));
    if (scores === null) console.info('Lighthouse scores: not installed (npm i --no-save -E lighthouse@12.2.3).');
    else for (const [url, score] of scores) console.info(`Lighthouse mobile performance ${url}: ${score ?? 'no score'} (goal 90)`);
    const over = overBudget(figures, { lcp: true });
    for (const line of over) console.error(line);
    return over.length > 0 ? 1 : 0;
  } finally {
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
