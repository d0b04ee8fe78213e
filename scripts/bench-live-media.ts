/**
 * `npm run bench:live-media`: how many viewers one reader's browser can send its camera to, peer
 * to peer, with every viewer's video smooth, and the same question for the werift forwarder in a
 * Node process (docs/decisions/025) and for Janus (docs/decisions/061). Launches Chromium (fake
 * camera and microphone) twice: one browser for the broadcaster, whose processes' CPU is measured,
 * and one for the viewers, several to a page. Peer to peer runs the app's own Broadcaster and
 * Watcher (src/web/features/live/media) with this process relaying their signals; werift runs the
 * app's forwarder (src/server/features/live/media/forwarder) behind
 * scripts/bench-live-media/werift-forwarder.ts; janus runs the same Broadcaster and Watchers as peer
 * to peer, their signals going through the app's own relay and Janus media
 * (src/server/features/live/media/janus) on a Socket.IO server in this process, to a Janus it starts
 * (scripts/bench-live-media/janus-signalling.ts): the broadcaster publishes to Janus once, and each
 * viewer subscribes there.
 *
 * For each N it prints medians over BENCH_REPS windows: the broadcaster browser's CPU (% of one
 * core, all its processes), its outbound video bitrate, the media server's CPU (the forwarder's for
 * werift, Janus's for janus), and the viewers' received frames per second (framesDecoded deltas:
 * the worst viewer and the median one) with freezes (inbound-rtp freezeCount, totalFreezesDuration),
 * and the viewers' browser's CPU (it shares this machine's cores, so it is what gives out first on a
 * small machine). Smooth: the worst viewer at ≥ BENCH_MIN_FPS and frozen at most BENCH_MAX_FROZEN_PCT
 * of the time (a busy shared machine stalls a page now and then whatever the broadcaster does).
 *
 * BENCH_MODE=janus then compares Janus with the werift forwarder for hundreds of light viewers
 * (werift peers in Node that count packets; scripts/bench-live-media/light.ts, decision 061) and
 * ends with the line `janus: <N> viewers smooth, <c>% of a core (<p>% a viewer); werift forwarder: …`.
 *
 * Knobs (environment): BENCH_MODE (p2p,werift; any of p2p, werift, janus), BENCH_VIEWERS
 * (1,2,4,6,8,12,16), BENCH_LIGHT_VIEWERS (25,50,100,200,300,400), BENCH_LIGHT_SERVERS (janus,werift),
 * BENCH_JANUS_EVENT_LOOPS (2), BENCH_REPS (3), BENCH_WINDOW_MS (2000), BENCH_MIN_FPS (20),
 * BENCH_MAX_FROZEN_PCT (2).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type BrowserServer, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import type { RelayedStreamSignal } from '../src/shared/realtime';
import type { OutgoingSignal } from '../src/web/features/live/media/broadcaster';
import { janusSignalling } from './bench-live-media/janus-signalling';
import { lightSummary, runLightComparison } from './bench-live-media/light';
import { CLOCK_TICKS, treeTicks } from './bench-live-media/process-ticks';
import { BROADCASTER_PEER, directSignalling, type Signalling } from './bench-live-media/signalling';

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const modes = (process.env.BENCH_MODE ?? 'p2p,werift').split(',');
const steps = (process.env.BENCH_VIEWERS ?? '1,2,4,6,8,12,16').split(',').map(Number);
const lightSteps = (process.env.BENCH_LIGHT_VIEWERS ?? '25,50,100,200,300,400').split(',').map(Number);
const reps = setting('BENCH_REPS', 3);
const windowMs = setting('BENCH_WINDOW_MS', 2000);
const minFps = setting('BENCH_MIN_FPS', 20);
const maxFrozenPct = setting('BENCH_MAX_FROZEN_PCT', 2);
const VIEWERS_PER_PAGE = 4;
const CONNECT_TIMEOUT_MS = 20_000;
const WARM_UP_MS = 2000;

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--use-fake-ui-for-media-stream',
  // A camera at 30 frames a second, as a webcam gives (the fake device's default is 20).
  '--use-fake-device-for-media-stream=fps=30',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
  // Hidden pages must keep decoding at full rate, as a viewer's visible tab does.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function bundlePage(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@shared': `${root}src/shared`, '@': `${root}src/web` } },
    build: {
      write: false,
      minify: false,
      lib: { entry: `${root}scripts/bench-live-media/page.ts`, formats: ['iife'], name: 'benchPage', fileName: 'page' },
    },
  });
  const result = Array.isArray(output) ? output[0]! : output;
  if (!('output' in result)) throw new Error('vite did not return the bundle');
  return result.output[0].code;
}

async function servePage(code: string): Promise<{ server: Server; url: string }> {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body><script>${code}</script></body></html>`;
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end(html),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

async function launch(): Promise<{ server: BrowserServer; browser: Browser; context: BrowserContext }> {
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const browser = await chromium.connect(server.wsEndpoint());
  const context = await browser.newContext();
  // tsx names functions with __name; pages have no such helper.
  await context.addInitScript('globalThis.__name = (f) => f');
  return { server, browser, context };
}

interface Sample {
  broadcasterTicks: number;
  viewerTicks: number;
  serverTicks: number;
  bytesSent: number;
  viewers: { frames: number; freezes: number; frozenSeconds: number; width: number }[];
}

interface Rig {
  /** Adds viewers until there are `count`. */
  grow(count: number): Promise<void>;
  /** True once every viewer receives video. */
  allReceiving(count: number): Promise<boolean>;
  sample(): Promise<Sample>;
  close(): Promise<void>;
}

type Side = Awaited<ReturnType<typeof launch>>;

/**
 * The app's Broadcaster in one page and its Watchers, VIEWERS_PER_PAGE to a page, with their signals
 * carried by `signalling`: straight between the pages (peer to peer), or through the app's relay to
 * Janus, whose CPU is then the server's.
 */
async function pagesRig(
  pageUrl: string,
  broadcasterSide: Side,
  viewerSide: Side,
  signalling: Signalling,
): Promise<Rig> {
  const viewerPages: Page[] = [];
  let viewers = 0;
  // Deliveries to one page keep their order (an offer before its candidates).
  const queues = new Map<Page, Promise<unknown>>();
  const deliverTo = (page: Page, peerId: string) => (relayed: RelayedStreamSignal) => {
    const next = (queues.get(page) ?? Promise.resolve())
      .then(() => page.evaluate(([to, signal]) => window.bench.deliver(to, signal), [peerId, relayed] as const))
      .catch(() => undefined);
    queues.set(page, next);
  };
  const relay = (_source: unknown, from: string, signal: OutgoingSignal) => signalling.send(from, signal);
  await broadcasterSide.context.exposeBinding('benchSignal', relay);
  await viewerSide.context.exposeBinding('benchSignal', relay);
  const broadcasterPage = await broadcasterSide.context.newPage();
  await broadcasterPage.goto(pageUrl);
  await signalling.join(BROADCASTER_PEER, deliverTo(broadcasterPage, BROADCASTER_PEER));
  await broadcasterPage.evaluate((cap) => window.bench.broadcast(cap), 1000);
  const broadcasterPid = broadcasterSide.server.process().pid!;
  const viewerPid = viewerSide.server.process().pid!;

  return {
    async grow(count) {
      for (; viewers < count; viewers++) {
        if (viewers % VIEWERS_PER_PAGE === 0) {
          const page = await viewerSide.context.newPage();
          await page.goto(pageUrl);
          viewerPages.push(page);
        }
        const page = viewerPages.at(-1)!;
        const id = `viewer-${viewers}`;
        await signalling.join(id, deliverTo(page, id));
        await page.evaluate((viewerId) => window.bench.watch(viewerId), id);
      }
    },
    async allReceiving(count) {
      const states = (
        await Promise.all(viewerPages.map((page) => page.evaluate(() => window.bench.watchStates())))
      ).flat();
      return states.length === count && states.every((state) => state === 'playing');
    },
    async sample() {
      const [sent, received] = await Promise.all([
        broadcasterPage.evaluate(() => window.bench.sent()),
        Promise.all(viewerPages.map((page) => page.evaluate(() => window.bench.received()))),
      ]);
      return {
        broadcasterTicks: treeTicks(broadcasterPid),
        viewerTicks: treeTicks(viewerPid),
        serverTicks: signalling.serverPid === undefined ? 0 : treeTicks(signalling.serverPid),
        bytesSent: sent.bytes,
        viewers: received.flat(),
      };
    },
    async close() {
      for (const page of [broadcasterPage, ...viewerPages]) await page.close();
      await signalling.close();
    },
  };
}

async function weriftRig(pageUrl: string, broadcasterSide: Side, viewerSide: Side): Promise<Rig> {
  const forwarder = spawn(
    process.execPath,
    ['--import', 'tsx', `${root}scripts/bench-live-media/werift-forwarder.ts`],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    forwarder.stdout!.on('data', (chunk: Buffer) => {
      const match = /port=(\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    forwarder.once('exit', (code) => reject(new Error(`the werift forwarder exited with ${code}`)));
  });
  const forwarderUrl = `http://127.0.0.1:${port}`;
  const broadcasterPage = await broadcasterSide.context.newPage();
  await broadcasterPage.goto(pageUrl);
  await broadcasterPage.evaluate((url) => window.bench.publish(url), forwarderUrl);
  const broadcasterPid = broadcasterSide.server.process().pid!;
  const viewerPid = viewerSide.server.process().pid!;
  const viewerPages: Page[] = [];
  let viewers = 0;

  return {
    async grow(count) {
      for (; viewers < count; viewers++) {
        if (viewers % VIEWERS_PER_PAGE === 0) {
          const page = await viewerSide.context.newPage();
          await page.goto(pageUrl);
          viewerPages.push(page);
        }
        await viewerPages.at(-1)!.evaluate((url) => window.bench.subscribe(url), forwarderUrl);
      }
    },
    async allReceiving(count) {
      const received = (
        await Promise.all(viewerPages.map((page) => page.evaluate(() => window.bench.received())))
      ).flat();
      return received.length === count && received.every((r) => r.width > 0);
    },
    async sample() {
      const [sent, received] = await Promise.all([
        broadcasterPage.evaluate(() => window.bench.sent()),
        Promise.all(viewerPages.map((page) => page.evaluate(() => window.bench.received()))),
      ]);
      return {
        broadcasterTicks: treeTicks(broadcasterPid),
        viewerTicks: treeTicks(viewerPid),
        serverTicks: treeTicks(forwarder.pid!),
        bytesSent: sent.bytes,
        viewers: received.flat(),
      };
    },
    async close() {
      for (const page of [broadcasterPage, ...viewerPages]) await page.close();
      forwarder.kill();
    },
  };
}

interface StepResult {
  mode: string;
  viewers: number;
  connected: boolean;
  broadcasterCpu: number;
  viewersCpu: number;
  serverCpu: number;
  mbps: number;
  worstFps: number;
  medianFps: number;
  freezes: number;
  frozenPct: number;
  smooth: boolean;
}

async function measure(mode: string, rig: Rig, count: number): Promise<StepResult> {
  await rig.grow(count);
  const deadline = Date.now() + CONNECT_TIMEOUT_MS;
  let connected = false;
  while (!connected && Date.now() < deadline) {
    connected = await rig.allReceiving(count);
    if (!connected) await sleep(250);
  }
  await sleep(WARM_UP_MS);
  const cpu: number[] = [];
  const viewersCpu: number[] = [];
  const serverCpu: number[] = [];
  const mbps: number[] = [];
  const worst: number[] = [];
  const middle: number[] = [];
  let freezes = 0;
  let frozenSeconds = 0;
  let viewingSeconds = 0;
  for (let rep = 0; rep < reps; rep++) {
    const before = await rig.sample();
    const started = performance.now();
    await sleep(windowMs);
    const after = await rig.sample();
    const seconds = (performance.now() - started) / 1000;
    const percentOfCore = (ticks: number) => (ticks / CLOCK_TICKS / seconds) * 100;
    cpu.push(percentOfCore(after.broadcasterTicks - before.broadcasterTicks));
    viewersCpu.push(percentOfCore(after.viewerTicks - before.viewerTicks));
    serverCpu.push(percentOfCore(after.serverTicks - before.serverTicks));
    mbps.push(((after.bytesSent - before.bytesSent) * 8) / seconds / 1e6);
    // A viewer missing from either sample (not connected) counts as 0 fps.
    const fps = Array.from({ length: count }, (_, i) => {
      const a = before.viewers[i];
      const b = after.viewers[i];
      return a && b ? (b.frames - a.frames) / seconds : 0;
    });
    worst.push(Math.min(...fps));
    middle.push(median(fps));
    freezes += after.viewers.reduce(
      (sum, v, i) => sum + Math.max(0, v.freezes - (before.viewers[i]?.freezes ?? v.freezes)),
      0,
    );
    frozenSeconds += after.viewers.reduce(
      (sum, v, i) => sum + Math.max(0, v.frozenSeconds - (before.viewers[i]?.frozenSeconds ?? v.frozenSeconds)),
      0,
    );
    viewingSeconds += count * seconds;
  }
  const result = {
    mode,
    viewers: count,
    connected,
    broadcasterCpu: median(cpu),
    viewersCpu: median(viewersCpu),
    serverCpu: median(serverCpu),
    mbps: median(mbps),
    worstFps: median(worst),
    medianFps: median(middle),
    freezes,
    frozenPct: (frozenSeconds / viewingSeconds) * 100,
    smooth: false,
  };
  result.smooth = connected && result.worstFps >= minFps && result.frozenPct <= maxFrozenPct;
  return result;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function print(result: StepResult) {
  const percent = (value: number) => `${value.toFixed(0).padStart(4)}%`;
  const server = serverOf(result.mode);
  const serverColumn = `${(server ?? 'forwarder').padEnd(9)} ${server ? percent(result.serverCpu) : '    -'}`;
  console.info(
    `${result.mode.padEnd(6)} N=${String(result.viewers).padStart(2)}  cpu: broadcaster ${percent(result.broadcasterCpu)} ${serverColumn} viewers ${percent(result.viewersCpu)}  out ${result.mbps.toFixed(2).padStart(5)} Mbit/s  fps worst ${result.worstFps.toFixed(1).padStart(4)} median ${result.medianFps.toFixed(1).padStart(4)}  freezes ${result.freezes} (${result.frozenPct.toFixed(1)}% of the time)  ${result.connected ? '' : 'NOT ALL CONNECTED  '}${result.smooth ? 'smooth' : 'NOT smooth'}`,
  );
}

async function main() {
  console.info(
    `load average before: ${load()} (cores: ${readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length})`,
  );
  await inBrowsers();
  const light = modes.includes('janus') ? await runLightComparison({ steps: lightSteps, windowMs, reps }) : [];
  console.info(`load average after: ${load()}`);
  if (modes.includes('janus')) console.info(lightSummary(light));
}

/** The media server of a mode, as the output names it; none peer to peer. */
const serverOf = (mode: string) => (mode === 'werift' ? 'forwarder' : mode === 'janus' ? 'janus' : null);

async function rigFor(mode: string, pageUrl: string, broadcasterSide: Side, viewerSide: Side): Promise<Rig> {
  if (mode === 'werift') return weriftRig(pageUrl, broadcasterSide, viewerSide);
  const signalling = mode === 'janus' ? await janusSignalling() : directSignalling();
  // Janus is a process of its own: it must not outlive a rig that failed to start.
  return pagesRig(pageUrl, broadcasterSide, viewerSide, signalling).catch(async (error: unknown) => {
    await signalling.close();
    throw error;
  });
}

/** Chromium's viewers peer to peer, through the forwarder and through Janus (BENCH_MODE p2p, werift, janus). */
async function inBrowsers() {
  const { server, url } = await servePage(await bundlePage());
  const results: StepResult[] = [];
  try {
    for (const mode of modes) {
      const broadcasterSide = await launch();
      const viewerSide = await launch();
      const rig = await rigFor(mode, url, broadcasterSide, viewerSide);
      let failuresInARow = 0;
      try {
        for (const count of steps) {
          const result = await measure(mode, rig, count);
          print(result);
          results.push(result);
          failuresInARow = result.smooth ? 0 : failuresInARow + 1;
          if (failuresInARow === 2) break;
        }
      } finally {
        await rig.close();
        for (const side of [broadcasterSide, viewerSide]) {
          await side.browser.close();
          await side.server.close();
        }
      }
    }
  } finally {
    server.close();
  }
  for (const mode of modes) {
    const held = results.filter((r) => r.mode === mode && r.smooth).at(-1);
    const server = serverOf(mode);
    const cpu = held ? (server ? held.serverCpu : held.broadcasterCpu) : Number.NaN;
    const perCore = held ? ((held.viewers / cpu) * 100).toFixed(1) : '-';
    console.info(
      `${mode}: largest smooth N = ${held?.viewers ?? 0} (${server ?? 'broadcaster browser'} at ${cpu.toFixed(0)}% of a core: ${perCore} viewers per core)`,
    );
  }
}

await main();
