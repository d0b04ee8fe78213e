import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadingTestApp, type ReadingDriver } from '../../../tests/integration/readings';
import { http } from '../../../tests/integration/http';
import { createTestApp, type TestApp } from '../../../tests/integration/test-app';

/** One sample's value from Prometheus text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let app: TestApp;
  let driver: ReadingDriver;
  beforeAll(async () => {
    ({ app, driver } = await createReadingTestApp());
  });
  afterAll(() => app.close());

  it('counts each request by route pattern, and reads billed minutes, charges, readings and mail from the database', async () => {
    const { id, client } = await driver.startReading({ rateCents: 250, balanceCents: 10_000 });
    await driver.nextMinute(id);
    expect((await http(app).get('/api/readers/nobody-by-this-name')).status).toBe(404);

    const response = await http(app).get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body as string;
    // The pattern, never the path people typed: one series per route.
    expect(sample(text, 'soul_tribe_http_request_duration_seconds_count{method="GET",route="/api/readers/:id",status_code="404"}')).toBe(1);
    expect(text).not.toContain('nobody-by-this-name');
    expect(sample(text, 'soul_tribe_http_request_duration_seconds_count{method="POST",route="/api/sessions/start",status_code="200"}')).toBe(1);
    expect(sample(text, 'soul_tribe_billed_minutes')).toBe(2);
    expect(sample(text, 'soul_tribe_active_readings')).toBe(1);
    // Each minute is two transfers: the reader's 70% and the platform's 30% of 250 cents.
    expect(sample(text, 'soul_tribe_ledger_session_charge_transfers')).toBe(4);
    expect(sample(text, 'soul_tribe_ledger_session_charged_cents')).toBe(500);
    expect(sample(text, 'soul_tribe_mail_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'soul_tribe_sockets')).toBe(0);

    const socket = await app.connectSocket(client.cookie);
    expect(sample((await http(app).get('/metrics')).body as string, 'soul_tribe_sockets')).toBe(1);
    socket.disconnect();
  });
});

describe('GET /metrics behind METRICS_TOKEN', () => {
  const token = 'a-metrics-token-of-32-characters';
  let app: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ runMailWorker: false, env: { METRICS_TOKEN: token } });
    production = await createTestApp({ runMailWorker: false, env: { NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32), REQUIRE_ADMIN_2FA: 'false' } });
  });
  afterAll(async () => {
    await app?.close();
    await production?.close();
  });

  it('answers 401 without the token or with another, and the figures with it', async () => {
    expect((await http(app).get('/metrics')).status).toBe(401);
    expect((await http(app).get('/metrics', { authorization: `Bearer ${token.replace('a', 'b')}` })).status).toBe(401);
    const answer = await http(app).get('/metrics', { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(answer.body as string).toContain('soul_tribe_billed_minutes');
  });

  it('is not there at all in production without a token', async () => {
    const answer = await http(production).get('/metrics');
    expect(answer.status).toBe(404);
    expect(answer.body as string).not.toContain('soul_tribe');
  });
});
