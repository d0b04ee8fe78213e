import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, createReader } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { collect, delivered, emitAck, nextEvent } from '../../../../tests/integration/socket-helpers';
import { timePasser } from '../../../../tests/integration/pass-time';
import { TEST_ORIGIN, testApp } from '../../../../tests/integration/test-app';
import { getWalletBalanceCents } from '../wallet';

// The shortest minute at which the ping's floors still give the quarter-minute bound (timing.ts):
// the ping runs on Socket.IO's own timers, in real time, so the test waits a quarter of this minute
// (3 s) for the page to be dropped. Everything after is on the fake clock.
const MINUTE = 12_000;
const RATE = 250;
const FROZEN_PAGE = fileURLToPath(new URL('../../../../tests/integration/frozen-page.mjs', import.meta.url));

const clock = fakeClock();
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
// The process's lease beats on a real timer with the fake clock's time, and could write a time older
// than the test's own beat (pause.integration.test.ts): the test beats it, in step with the clock.
app.lease.stop();
const pages: ChildProcess[] = [];
afterAll(async () => {
  for (const page of pages) page.kill('SIGKILL');
});

/** How far the clock moves between two scheduler passes. */
const STEP = MINUTE / 4;

/** Moves the clock on a step at a time; after each step the lease beats and the scheduler makes a pass. */
const passTime = timePasser(clock, [app], STEP);

/** The client's reading page in a process of its own, joined to the session room. */
async function openPageInProcess(url: string, cookie: string, sessionId: string) {
  const page = spawn(process.execPath, [FROZEN_PAGE, url, cookie, TEST_ORIGIN, sessionId], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  pages.push(page);
  const [line] = (await once(page.stdout!, 'data')) as [Buffer];
  expect(JSON.parse(line.toString())).toEqual({ ok: true });
  return page;
}

// Decision 011 (liveness): a client whose page froze (connection open, nothing answered) was charged
// 4 minutes at a 3 s minute before Socket.IO's default ping (25 s + 20 s) gave it up.
describe('a page that stops answering', () => {
  it('counts as away within a quarter of a minute: the meter pauses, nothing more is charged, and the reading ends after the grace', async () => {
    // The server drops a page that has not answered its ping within a quarter of a minute.
    const { pingInterval, pingTimeout } = app.io.engine.opts;
    expect(pingInterval! + pingTimeout!).toBeLessThanOrEqual(MINUTE / 4);

    const url = await app.listen();
    const client = await createClient(app, { balanceCents: 10_000 });
    const reader = await createReader(app, { chatRateCents: RATE });
    const readerSocket = await app.connectSocket(reader.cookie);
    await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true });
    const requested = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    const id = requested.body.id as string;
    await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' });
    expect(await emitAck(readerSocket, 'join_session_room', { sessionId: id })).toMatchObject({ ok: true });
    const started = nextEvent(readerSocket, 'session_started', (e) => e.sessionId === id);
    const page = await openPageInProcess(url, client.cookie, id);
    await started;

    // The clock stands still while the server's ping finds the page frozen (real time, its own
    // timers; the wait's bound is only a safety net): the pause is dated when the page froze, before
    // any minute after the first fell due.
    const paused = nextEvent(readerSocket, 'session_paused', (e) => e.sessionId === id, 30_000);
    const frozenAt = new Date(clock.now()).toISOString();
    page.kill('SIGSTOP');
    const event = await paused;
    expect(event).toMatchObject({ reason: 'away', awayUserIds: [client.id], pausedAt: frozenAt });

    // Nothing is charged while away; the reading ends when a minute's grace has passed.
    const ended = collect(readerSocket, 'session_ended');
    await passTime(MINUTE - STEP);
    await delivered(readerSocket);
    expect(ended).toEqual([]);
    expect((await http(app, reader.cookie).get(`/api/sessions/${id}`)).body).toMatchObject({
      status: 'active',
      pausedAt: frozenAt,
      minutesCharged: 1,
    });
    await passTime(STEP);
    await delivered(readerSocket);
    expect(ended).toEqual([
      expect.objectContaining({ sessionId: id, reason: 'disconnected', totalMinutes: 1, totalCostCents: RATE }),
    ]);
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(10_000 - RATE);
  });
});
