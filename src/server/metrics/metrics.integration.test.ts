import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, createReader } from '../../../tests/integration/factories';
import { http } from '../../../tests/integration/http';
import { readingTestApp } from '../../../tests/integration/readings';
import { testApp } from '../../../tests/integration/test-app';
import { chargeManyWithSplit } from '../features/wallet';
import { webFiles } from '../web';

const RATE = 250;

/** The value of one series in Prometheus' text format; 0 when the series is not there yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}

const { app, driver } = await readingTestApp();
const scrape = async () => {
  const response = await http(app).get('/metrics');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body as string;
};

describe('GET /metrics (issue 27)', () => {
  it('counts billed minutes and ledger charges once committed, readings running, mail waiting and request latency by route', async () => {
    const before = await scrape();
    const { client, id } = await driver.startReading({ rateCents: RATE, balanceCents: 10_000 });
    await driver.nextMinute(id);
    await driver.nextMinute(id);
    expect((await http(app, client.cookie).get(`/api/sessions/${id}`)).body).toMatchObject({ minutesCharged: 3 });
    expect((await http(app).post('/api/auth/request-password-reset', { email: client.email })).status).toBe(200);

    const after = await scrape();
    const grew = (name: string, labels?: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(grew('soul_billed_minutes_total', { free: 'false' })).toBe(3);
    expect(grew('soul_ledger_charges_total', { kind: 'session_charge' })).toBe(3);
    expect(grew('soul_ledger_charge_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(sample(after, 'soul_active_readings', { paused: 'false' })).toBe(1);
    expect(sample(after, 'soul_active_readings', { paused: 'true' })).toBe(0);
    expect(grew('soul_mail_queue_depth')).toBe(1);
    expect(sample(after, 'soul_sockets')).toBe(0);
    // One series per route pattern, not per reading's id.
    expect(
      sample(after, 'soul_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/sessions/:id',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(id);
    expect(sample(after, 'soul_process_cpu_seconds_total')).toBeGreaterThan(0);
  });

  it('counts a charge replayed with its key once', async () => {
    const client = await createClient(app, { balanceCents: 1_000 });
    const reader = await createReader(app);
    const charge = {
      payerUserId: client.id,
      readerUserId: reader.id,
      amountCents: 300,
      kind: 'gift' as const,
      reference: 'metrics-test',
      idempotencyKey: `metrics-test:${client.id}`,
    };
    const before = sample(await scrape(), 'soul_ledger_charges_total', { kind: 'gift' });
    const outcomes = [];
    for (let i = 0; i < 2; i++) outcomes.push(...(await app.db.transaction((tx) => chargeManyWithSplit(tx, [charge]))));
    expect(outcomes.map((outcome) => !outcome.refused && outcome.created)).toEqual([true, false]);
    expect(sample(await scrape(), 'soul_ledger_charges_total', { kind: 'gift' }) - before).toBe(1);
  });
});

/** Every `route` label value of the request metric in a scrape. */
function requestRoutes(text: string): Set<string> {
  const routes = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('soul_http_request_duration_seconds_count{')) continue;
    const route = /[{,]route="([^"]*)"/.exec(line)?.[1];
    if (route !== undefined) routes.add(route);
  }
  return routes;
}

describe("the request metric's routes (issue 50)", () => {
  it('stay a fixed few however many files the web build has and whatever file paths are asked for', async () => {
    // A build of 250 hashed assets beside the few files at its top, served as registerWeb serves dist/web.
    const root = mkdtempSync(join(tmpdir(), 'soul-tribe-web-build-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'assets'));
    mkdirSync(join(root, 'icons'));
    for (let i = 0; i < 250; i++) writeFileSync(join(root, 'assets', `chunk-${i}-a1b2c3.js`), `export default ${i};`);
    writeFileSync(join(root, 'icons', 'icon-192.png'), 'png');
    writeFileSync(join(root, 'sw.js'), 'self.skipWaiting();');
    writeFileSync(join(root, 'manifest.webmanifest'), '{}');
    const site = await testApp({ runScheduler: false, runMailWorker: false });
    await site.app.register(webFiles, { root });

    // 500 distinct file paths: each file of the build once, and as many that are not there.
    for (let i = 0; i < 250; i++) {
      expect((await http(site).get(`/assets/chunk-${i}-a1b2c3.js`)).status).toBe(200);
      expect((await http(site).get(`/assets/x${i}.js`)).status).toBe(404);
    }
    for (const path of ['/icons/icon-192.png', '/sw.js', '/manifest.webmanifest'])
      expect((await http(site).get(path)).status).toBe(200);
    for (const path of ['/icons/x.png', '/x.js', '/fonts/x.woff2'])
      expect((await http(site).get(path)).status).toBe(404);

    const text = (await http(site).get('/metrics')).body as string;
    const routes = requestRoutes(text);
    expect(routes).toContain('/assets/*');
    // The build's folders and top files, and one label for every path no route has.
    expect([...routes].sort()).toEqual(['/assets/*', '/icons/*', '/manifest.webmanifest', '/sw.js', 'unmatched']);
    expect(routes.size).toBeLessThanOrEqual(8);
    expect(text).not.toContain('chunk-');
  });
});

describe('GET /metrics behind METRICS_TOKEN', () => {
  it('asks for the bearer token when one is set', async () => {
    const guarded = await testApp({
      runScheduler: false,
      runMailWorker: false,
      env: { METRICS_TOKEN: 'a-token-of-sixteen-chars' },
    });
    const without = await http(guarded).get('/metrics');
    expect(without.status).toBe(401);
    expect(without.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect((await http(guarded).get('/metrics', { authorization: 'Bearer a-token-of-sixteen-charX' })).status).toBe(
      401,
    );
    const allowed = await http(guarded).get('/metrics', { authorization: 'Bearer a-token-of-sixteen-chars' });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain('soul_billed_minutes_total');
  });

  it('does not exist in production without a token', async () => {
    const production = await testApp({
      runScheduler: false,
      runMailWorker: false,
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'a-production-secret-of-32-characters!',
        PAYMENTS_PROVIDER: 'sandbox',
        ALLOW_TEST_PAYMENTS: 'true',
        MAIL_TRANSPORT: 'mailbox',
      },
    });
    expect((await http(production).get('/metrics')).status).toBe(404);
  });
});
