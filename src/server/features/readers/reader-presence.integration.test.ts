import { EVENT_WAIT_LIMIT_MS } from '../../../../tests/integration/timeouts';
import { describe, expect, it } from 'vitest';
import { createClient, createReader } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { collect, nextEvent, watchReaders } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';

const MINUTE = 1_500;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const app = await testApp({ env: { BILLING_MINUTE_MS: String(MINUTE) } });

// Decision 011 (ghost readers): a reader who closed the tab still showed Online five minutes later, and
// clients who requested them waited out the whole request timeout.
describe('an online reader with no page open', () => {
  it('goes offline for everyone after one billing minute, and comes back only by going online again', async () => {
    const visitor = await createClient(app, { balanceCents: 5_000 });
    const visitorSocket = await watchReaders(await app.connectSocket(visitor.cookie));
    const statuses = collect(visitorSocket, 'reader_status');
    const reader = await createReader(app);
    const dashboard = await app.connectSocket(reader.cookie);
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).body.isOnline).toBe(true);
    const isOnline = async () => (await http(app).get(`/api/readers/${reader.id}`)).body.isOnline as boolean;

    // With the dashboard open the reader stays online, minute after minute.
    await wait(2.5 * MINUTE);
    expect(await isOnline()).toBe(true);

    // Due between one and two minutes after the page closed (the scheduler's sweep); the bound
    // below is the rule.
    const wentOffline = nextEvent(
      visitorSocket,
      'reader_status',
      (s) => s.readerId === reader.id && !s.isOnline,
      EVENT_WAIT_LIMIT_MS,
    );
    dashboard.disconnect();
    const closedAt = Date.now();
    await wait(MINUTE / 2);
    expect(await isOnline()).toBe(true);
    await wentOffline;
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(MINUTE - app.sessions.timing.heartbeatMs);
    expect(await isOnline()).toBe(false);
    const ownStatuses = () => statuses.filter((s) => s.readerId === reader.id);
    expect(ownStatuses()).toEqual([
      { readerId: reader.id, isOnline: true },
      { readerId: reader.id, isOnline: false },
    ]);

    const refused = await http(app, visitor.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(refused.status).toBe(409);

    // Opening a page again is not going online: the reader says so with the switch.
    await app.connectSocket(reader.cookie);
    await wait(1.5 * MINUTE);
    expect(await isOnline()).toBe(false);
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).body.isOnline).toBe(true);
    await wait(1.5 * MINUTE);
    expect(await isOnline()).toBe(true);
  });
});
