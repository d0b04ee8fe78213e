import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { themes } from './src/web/lib/theme';
import { E2E_TWO_FACTOR_ADMIN } from './tests/e2e/account-admins';
import { fakeCameraFile } from './tests/e2e/fake-camera';
import { E2E_FORWARDER_MAX_VIEWERS, E2E_P2P_MAX_VIEWERS } from './tests/e2e/live-media-caps';
import { E2E_TURN_SECRET, e2eTurnUrl } from './tests/e2e/turn';

/**
 * The accessibility scans run in one theme a run, taking turns by the day (UTC), unless A11Y_THEMES
 * names them (`all`, or a list such as `dark,light`). Chosen here, once: the workers inherit it.
 */
process.env.A11Y_THEMES ??= themes[Math.floor(Date.now() / 86_400_000) % themes.length];

/**
 * A reused browser context (`reuseContext` below) keeps its HTTP cache from test to test, as a
 * returning visitor's browser does: the build's hashed files (immutable) are not fetched and
 * compiled again for every test. Playwright clears the cache on reuse; the patch
 * patches/playwright-core+1.65.1.patch (applied by `npm install`, patch-package) skips that when
 * this is 1, and resets the rest as before. Whole suite alone, one run each: 771 → 714 CPU-s,
 * 7.4 → 6.7 min (decision 038, stop 61). A test that routes a file still sees its request
 * (Playwright turns the cache off while a route is set); first-visit figures use fresh contexts.
 */
process.env.PW_REUSED_CONTEXT_KEEPS_HTTP_CACHE ??= '1';

/** The specs whose browsers hold WebRTC calls: readings with audio and video, and live streams. */
/**
 * Two nodes of their own share a PostgreSQL database: like the scale-out and failover stages of
 * `npm test`, this spec runs where there is one (E2E_POSTGRES_URL, from DATABASE_URL), and fails
 * saying which other service (Redis, janus, haproxy) is missing.
 */
const NEEDS_POSTGRES = ['live-janus.spec.ts'];
const MEDIA_SPECS = [
  'reading.spec.ts',
  'live.spec.ts',
  'live-media.spec.ts',
  'turn-relay.spec.ts',
  ...(process.env.E2E_POSTGRES_URL ? NEEDS_POSTGRES : []),
];

/** E2E_PORT lets two checkouts on one machine run their suites side by side. */
const E2E_PORT = Number(process.env.E2E_PORT ?? 5055);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * Debian's Chromium, through tests/e2e/chromium.sh: its headless shell when installed (package
 * chromium-headless-shell, the same build without the desktop browser around it: 12 tests took
 * 117 s with it and 159 s with the full browser's headless mode), at a lower CPU priority than the
 * server. CHROMIUM_PATH names another browser. Playwright never downloads one here.
 */
const launchOptions = {
  executablePath: fileURLToPath(new URL('./tests/e2e/chromium.sh', import.meta.url)),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Readings: a fake camera and microphone without a permission prompt, and WebRTC between two
    // browser contexts on this one machine (host candidates on loopback; there is no STUN here).
    // The camera is a small picture from a file (fake-camera.ts): every frame is encoded for each
    // peer, decoded and composited in software, and the tests only ask that video arrives.
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${fakeCameraFile()}`,
    '--allow-loopback-in-peer-connection',
    // A reused context keeps its renderer process from test to test only without site isolation:
    // with it, Playwright's reset (a page at about:blank, then the site again) started two new
    // renderers a test, each loading the page's code cold. 21 loads in a reused context: 12.2-13.2
    // CPU-s of Chromium in 8 processes against 13.9-17.1 in 48; the whole suite alone 525 → 423
    // CPU-s of Chromium, 377 → 162 processes, 6.7 → 5.4 min (decision 038, stop 61). The tests load
    // one site, so isolating sites from each other protects nothing here.
    '--disable-site-isolation-trials',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two browsers at a time: a test mostly waits (billing minutes, the server's answers, animations
  // settling), so a second worker uses the time. Stop 35, quiet machine, 112 tests: 275 s with two
  // (429 CPU-s, no retry) against 490 s with one. (Stop 21 measured the opposite, 2.07 times as long
  // per test, when an idle page's starfield kept a core busy; reduced motion ended that.)
  workers: 2,
  // Limits against a hang, not waits: a test waits for what it checks, and passes as soon as that is
  // there. 30 s and 7 s failed steps of a page's first load on loaded 2-core CI machines (stop 53:
  // a heading 7 s after a goto, a checkout's Pay button, a theme button on a hydrating page), where
  // the media tests' browsers encode video in software beside the PostgreSQL integration stage.
  // Stop 55, with two CPU burners beside the suite (issue 51): the two-factor journey, 38 s alone,
  // ran past 60 s, and a heading took 9.3 s after its click; a test of three minutes or more sets
  // its own limit.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  // The retry reporter names every test that passed only on its retry.
  // `npm test` lists the slowest tests of all its stages at the end (tests/timings/record-timing.ts).
  reporter: [
    ['list'],
    ...(process.env.CI
      ? [['./tests/e2e/retry-reporter.ts'] as const]
      : [['html', { open: 'never', outputFolder: 'playwright-report' }] as const]),
    ...(process.env.TEST_TIMINGS_DIR ? [['./tests/timings/playwright-timings-reporter.ts'] as const] : []),
  ],
  use: {
    baseURL,
    // Chromium without a GPU composites in software: the starfield's endless twinkle kept an idle
    // page at 110% CPU (1.8% with reduced motion), starving the server and the test's own steps.
    // Only layout.spec.ts checks the twinkle itself, asking for motion.
    reducedMotion: 'reduce',
    // Recording a trace costs the browser and the runner (12 tests: 25 s of 190 s CPU, the trace's
    // screencast most). CI records it on the retry, where a flaky test shows what it did.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker installs in every new browser context and then answers the page's
    // requests for the build's files from its caches, where page.route and a spec's counts of
    // requests do not see them: kept out of every spec but the one about it (pwa.spec.ts).
    serviceWorkers: 'block',
    // A worker keeps its browser context (and, without site isolation, its renderer process; see
    // launchOptions) from test to test; Playwright clears its cookies, storage, routes and init
    // scripts in between (its HTTP cache stays, above). A fresh context a test cost each page's
    // first load a new renderer: the 112 desktop tests on one worker took 523 CPU-s in 439 s with
    // one, 444 CPU-s in 393 s reused (decision 038). Contexts a test opens itself (a second person)
    // are still its own.
    reuseContext: true,
    launchOptions,
  },
  projects: [
    {
      // Each of these holds several browsers in WebRTC calls: two at once on 2 cores starved each
      // other's media (a peer count going 0 and 2, a video still shown 7 s after the end, a video
      // reading 'Connecting' for 20 s), so this project runs one test at a time, beside at most one
      // test of the other project. Listed first, so its tests start at once and run beside the
      // others' instead of one after another at the end (a 100 s tail with the second worker idle).
      name: 'media',
      testMatch: MEDIA_SPECS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'desktop',
      testIgnore: [...MEDIA_SPECS, ...NEEDS_POSTGRES],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/start-server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      AUTH_RATE_LIMIT_IP_MAX: '1000',
      AUTH_RATE_LIMIT_ACCOUNT_MAX: '1000',
      API_RATE_LIMIT_USER_MAX: '100000',
      API_RATE_LIMIT_IP_MAX: '100000',
      LOG_LEVEL: 'warn',
      // Production's 60-second minute: nothing a test waits on (a refund window, a grace, a top-up
      // window, a heartbeat's lease) ends by itself while a busy machine is slow, and a test that
      // needs a later minute moves its own reading on (DEV_READING_CLOCK, tests/e2e/reading-clock.ts,
      // docs/decisions/052). With 5-second minutes a loaded CI passed a reading's third minute
      // before the test pressed End (decision 052).
      BILLING_MINUTE_MS: '60000',
      DEV_READING_CLOCK: 'true',
      // appointments.spec.ts books a slot an hour ahead, then moves it to start a minute from now.
      DEV_APPOINTMENT_SHORTCUT: 'true',
      // Sign-up and sign-in hash at 1/32 of the standard cost: ~200 hashes a run, ~0.1 s of the
      // server's CPU each at the standard one (auth/password-hasher.ts, decision 038).
      DEV_FAST_PASSWORD_HASH: 'true',
      // No STUN: the machine has no network (loopback host candidates suffice). TURN: coturn on
      // loopback, started beside the server (start-server.ts, turn.ts).
      ICE_SERVERS: '[]',
      TURN_URLS: e2eTurnUrl(E2E_PORT),
      TURN_SECRET: E2E_TURN_SECRET,
      LIVE_P2P_MAX_VIEWERS: String(E2E_P2P_MAX_VIEWERS),
      LIVE_FORWARDER_MAX_VIEWERS: String(E2E_FORWARDER_MAX_VIEWERS),
      // An admin of its own for the two-factor journey, so no other spec's admin sign-in meets a code step.
      ADMIN_EMAIL: E2E_TWO_FACTOR_ADMIN.email,
      ADMIN_PASSWORD: E2E_TWO_FACTOR_ADMIN.password,
    },
  },
});
