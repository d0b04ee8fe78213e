/**
 * The public pages as a browser sees them (decision 007): opens each page in Chromium (playwright-core,
 * signed out) at 375 and 1280 px, waits until the network is idle and the page is done (hydrated, its
 * fonts in; the benchmark 2 s more, for the long tasks it counts), and measures the
 * JavaScript and CSS fetched (gzip sizes of the bodies, as a budget counts them, whatever the
 * server sent), the bytes on the wire (compressed bodies and headers, as the browser counted
 * them), requests, LCP, CLS and total blocking time. Used by `npm run bench:pages` and the budget
 * checks (page-budgets.ts); `startServer` runs the built app on a fresh embedded database.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { AWAITING_HYDRATION_SELECTOR } from '../src/shared/server-render';
import { makeFirstMove } from './first-move';
import { freePort } from './node-process';

const VIEWPORTS = [
  { name: '375', width: 375, height: 812, isMobile: true },
  { name: '1280', width: 1280, height: 800, isMobile: false },
] as const;
/** How long the benchmark watches a page after it is done, for the long tasks (TBT) of its last work. */
const BENCH_SETTLE_MS = 2000;
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROMIUM_PATH, else Debian's headless shell when installed, else its Chromium. */
export const browserPath = () =>
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/**
 * The built app on its own port and data dir, seeded with the demo data; stopped at the end. Never
 * on a shared database: `npm test` runs with DATABASE_URL and REDIS_URL set for its integration stage.
 */
export async function startServer({
  trustedOrigins = [],
}: {
  trustedOrigins?: string[];
} = {}): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      TRUSTED_ORIGINS: trustedOrigins.join(','),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'soul-tribe-bench-pages-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app stopped with code ${child.exitCode}`);
    const ready = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { base, stop: () => child.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the app did not start within 2 minutes');
}

/** Observers installed before any script of the page: LCP, layout shifts (CLS) and long tasks (TBT). */
const OBSERVERS = `
  globalThis.__vitals = { lcp: 0, cls: 0, longTasks: [], fcp: 0, shifts: [] };
  const describe = (node) => node && node.nodeType === 1 ? (node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (node.className && typeof node.className === 'string' ? '.' + node.className.split(' ').slice(0, 3).join('.') : '')) : String(node && node.nodeName);
  new PerformanceObserver((list) => { for (const e of list.getEntries()) __vitals.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) { __vitals.cls += e.value; __vitals.shifts.push([Math.round(e.startTime), Number(e.value.toFixed(3)), (e.sources || []).map((s) => describe(s.node) + ' ' + JSON.stringify([s.previousRect.y, s.currentRect.y])).join(' | ')]); } }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) __vitals.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') __vitals.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
`;

export interface PageFigures {
  path: string;
  viewport: string;
  jsGzipBytes: number;
  jsFiles: number;
  /** The scripts of a visit that only reads (no move, no tap, no key: the app not started, decision 073). */
  readingJsGzipBytes: number;
  cssGzipBytes: number;
  wireBytes: number;
  requests: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Each script, style sheet and font fetched: its path and gzip size (fonts: size). */
  files: [string, number][];
}

async function measurePage(
  browser: Browser,
  base: string,
  path: string,
  viewport: (typeof VIEWPORTS)[number],
  settleMs: number,
): Promise<PageFigures> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.isMobile,
    reducedMotion: 'reduce',
  });
  await context.addInitScript(OBSERVERS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const kinds = new Map<string, string>();
  let wireBytes = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => kinds.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    wireBytes += event.encodedDataLength;
    requests++;
  });
  let jsGzipBytes = 0;
  let jsFiles = 0;
  let cssGzipBytes = 0;
  const files: [string, number][] = [];
  const bodies: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'font')
      bodies.push(
        response.body().then(
          (body) => void files.push([new URL(response.url()).pathname, body.length]),
          () => undefined,
        ),
      );
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(
      response.body().then(
        (body) => {
          const gzipped = gzipSync(body, { level: 9 }).length;
          files.push([new URL(response.url()).pathname, gzipped]);
          if (type === 'script') {
            jsGzipBytes += gzipped;
            jsFiles++;
          } else cssGzipBytes += gzipped;
        },
        () => undefined,
      ),
    );
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await Promise.all(bodies);
  const readingJsGzipBytes = jsGzipBytes;
  // A page the server rendered starts its app at the visitor's first move (decision 073), and the
  // page's scripts are counted once it has hydrated.
  await makeFirstMove(page);
  // Done: a page the server rendered has hydrated, the fonts have swapped in, and two frames have
  // painted since, so every layout shift they cause has been observed.
  await page
    .waitForFunction(
      (awaitingHydration) => !document.querySelector(awaitingHydration) && document.fonts.status === 'loaded',
      AWAITING_HYDRATION_SELECTOR,
    )
    .catch((error: unknown) => {
      throw new Error(`${path} at ${viewport.name} px never finished: not hydrated, or its fonts not in`, {
        cause: error,
      });
    });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
  );
  if (settleMs > 0) await page.waitForTimeout(settleMs);
  await Promise.all(bodies);
  const vitals = (await page.evaluate('globalThis.__vitals')) as {
    lcp: number;
    cls: number;
    fcp: number;
    longTasks: [number, number][];
    shifts: [number, number, string][];
  };
  // BENCH_PAGES_FILES=1 lists each script and style sheet fetched, largest first, with its gzip size (fonts: their size).
  if (process.env.BENCH_PAGES_FILES)
    for (const [file, bytes] of files.sort((a, b) => b[1] - a[1]))
      console.info(`${path} @${viewport.name}px ${(bytes / 1024).toFixed(2).padStart(7)} KB ${file}`);
  // BENCH_PAGES_SHIFTS=1 names what moved: each layout shift's time, score and elements.
  if (process.env.BENCH_PAGES_SHIFTS)
    for (const shift of vitals.shifts) console.info(`${path} @${viewport.name}px shift`, ...shift);
  // Total blocking time as Lighthouse counts it: each long task's part over 50 ms, after the first paint.
  const tbtMs = vitals.longTasks
    .filter(([start]) => start >= vitals.fcp)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  await context.close();
  return {
    path,
    viewport: viewport.name,
    jsGzipBytes,
    jsFiles,
    readingJsGzipBytes,
    cssGzipBytes,
    wireBytes,
    requests,
    lcpMs: vitals.lcp,
    cls: vitals.cls,
    tbtMs,
    files,
  };
}

/**
 * Measures each path at each width. `concurrency` opens that many pages at once: the bytes,
 * requests and layout shifts do not depend on it, the timings (LCP, TBT) do, so the benchmark
 * measures one page at a time and the budget check (page-budgets.ts) three. `settleMs` watches
 * each page that long past done, for the benchmark's long tasks; the budget check reads at done (0).
 */
export async function measurePages(
  base: string,
  paths: string[],
  { concurrency = 1, settleMs = BENCH_SETTLE_MS }: { concurrency?: number; settleMs?: number } = {},
): Promise<PageFigures[]> {
  const browser = await chromium.launch({ executablePath: browserPath(), args: BROWSER_ARGS });
  try {
    const jobs = paths.flatMap((path) => VIEWPORTS.map((viewport) => ({ path, viewport })));
    const figures: PageFigures[] = new Array(jobs.length);
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < jobs.length; index = next++) {
        const { path, viewport } = jobs[index]!;
        figures[index] = await measurePage(browser, base, path, viewport, settleMs);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    return figures;
  } finally {
    await browser.close();
  }
}

/** The public pages the budgets cover (decision 007): a visitor's usual ways in. */
export async function publicPagePaths(base: string): Promise<string[]> {
  return ['/', '/readers', await firstReaderPath(base), '/live', '/community', '/shop', '/about'];
}

export async function firstReaderPath(base: string): Promise<string> {
  const list = (await (await fetch(`${base}/api/readers?pageSize=1`)).json()) as { readers: { username: string }[] };
  const reader = list.readers[0];
  if (!reader) throw new Error('no reader listed: the demo data should have some');
  return `/readers/${encodeURIComponent(reader.username)}`;
}
