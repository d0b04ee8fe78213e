/**
 * What a first visit downloads with the service worker and without it (decision 062), for
 * `npm run bench:pages`. Each page is opened in a fresh browser context (empty HTTP cache, no worker)
 * at a phone's size, through a proxy in front of the app that counts every byte the server sends:
 * the page's responses and its worker's (the worker's script, its precache), however the browser
 * issued them, headers included and bodies as compressed on the wire. With the worker, the visit
 * lasts until it is activated and the network is quiet; without, service workers are blocked and
 * the visit lasts until the network is quiet. In both, the visitor presses a key (Shift) once the
 * page has loaded: a page the server rendered starts its app (and registers the worker) at the first move
 * (decision 073), and a visit that only reads fetches neither.
 */
import { createServer, connect, type Socket } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { makeFirstMove } from './first-move';
import { BROWSER_ARGS, browserPath } from './measure-pages';

/** How long the network stays quiet before a visit counts as over: the page's 2 s of settling (measure-pages.ts). */
const QUIET_MS = 2000;
const VISIT_TIMEOUT_MS = 60_000;

export interface CountingProxy {
  /** The proxy's own origin, which the app must trust for its socket (TRUSTED_ORIGINS). */
  origin: string;
  /** Bytes sent to the browser since the last reset. */
  received(): number;
  reset(): void;
  forwardTo(upstream: URL): void;
  stop(): void;
}

/** A TCP proxy on 127.0.0.1 that counts what flows back to the browser; forwarding starts with forwardTo. */
export async function startCountingProxy(): Promise<CountingProxy> {
  let upstream: URL | null = null;
  let bytes = 0;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((browserSide) => {
    track(browserSide);
    if (!upstream) return void browserSide.destroy();
    const appSide = connect(Number(upstream.port), upstream.hostname);
    track(appSide);
    appSide.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    appSide.on('close', () => browserSide.destroy());
    browserSide.on('close', () => appSide.destroy());
    browserSide.pipe(appSide);
    appSide.pipe(browserSide);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the counting proxy has no TCP port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    received: () => bytes,
    reset: () => {
      bytes = 0;
    },
    forwardTo: (url) => {
      upstream = url;
    },
    stop: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

export interface FirstVisitBytes {
  path: string;
  withoutWorker: number;
  withWorker: number;
}

/** Waits until the proxy has counted nothing new for QUIET_MS. */
async function networkQuiet(proxy: CountingProxy): Promise<void> {
  const deadline = Date.now() + VISIT_TIMEOUT_MS;
  let last = -1;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const now = proxy.received();
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= QUIET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the network never went quiet for ${QUIET_MS} ms`);
}

/** An expression, not a function: under tsx a function passed to the page may reference a missing `__name` (STACK-NOTES.md). */
const WORKER_ACTIVATED = `Promise.race([
  navigator.serviceWorker.ready.then((registration) => {
    const worker = registration.active;
    if (!worker || worker.state === 'activated') return;
    return new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
  }),
  new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker activated within ${VISIT_TIMEOUT_MS} ms')), ${VISIT_TIMEOUT_MS})),
])`;

async function visit(browser: Browser, proxy: CountingProxy, path: string, worker: boolean): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    reducedMotion: 'reduce',
    serviceWorkers: worker ? 'allow' : 'block',
  });
  try {
    const page = await context.newPage();
    proxy.reset();
    await page.goto(`${proxy.origin}${path}`, { waitUntil: 'networkidle', timeout: VISIT_TIMEOUT_MS });
    await makeFirstMove(page);
    if (worker) await page.evaluate(WORKER_ACTIVATED);
    await networkQuiet(proxy);
    return proxy.received();
  } finally {
    await context.close();
  }
}

/** Each path's first visit without the worker, then with it, one visit at a time. */
export async function firstVisitBytes(proxy: CountingProxy, paths: string[]): Promise<FirstVisitBytes[]> {
  const browser = await chromium.launch({ executablePath: browserPath(), args: BROWSER_ARGS });
  try {
    const figures: FirstVisitBytes[] = [];
    for (const path of paths) {
      const withoutWorker = await visit(browser, proxy, path, false);
      const withWorker = await visit(browser, proxy, path, true);
      figures.push({ path, withoutWorker, withWorker });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
