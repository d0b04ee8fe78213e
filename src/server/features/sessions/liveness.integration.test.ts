import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, createReader } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { emitAck, nextEvent } from '../../../../tests/integration/socket-helpers';
import { TEST_ORIGIN, testApp } from '../../../../tests/integration/test-app';
import { getWalletBalanceCents } from '../wallet';

// The shortest minute at which the ping's floors still give the quarter-minute bound (timing.ts).
const MINUTE = 12_000;
const RATE = 250;
const FROZEN_PAGE = fileURLToPath(new URL('../../../../tests/integration/frozen-page.mjs', import.meta.url));

const pages: ChildProcess[] = [];
const app = await testApp({ env: { BILLING_MINUTE_MS: String(MINUTE) } });
afterAll(async () => {
  for (const page of pages) page.kill('SIGKILL');
});

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

    const paused = nextEvent(readerSocket, 'session_paused', (e) => e.sessionId === id, 2 * MINUTE);
    const frozenAt = Date.now();
    page.kill('SIGSTOP');
    const event = await paused;
    expect(event.awayUserIds).toEqual([client.id]);
    // A quarter of a minute, plus one scheduler tick and some slack for a busy machine.
    expect(Date.parse(event.pausedAt) - frozenAt).toBeLessThanOrEqual(MINUTE / 4 + app.sessions.timing.tickMs + 250);

    const ended = await nextEvent(readerSocket, 'session_ended', (e) => e.sessionId === id, 3 * MINUTE);
    expect(ended).toMatchObject({ reason: 'disconnected', totalMinutes: 1, totalCostCents: RATE });
    expect(await getWalletBalanceCents(app.db, client.id)).toBe(10_000 - RATE);
  });
});
