import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient, createReader } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';
import { appNodes, readerProfiles, readingSessions } from '../../db/schema';
import { beatNode, ensureNode, hasOtherLiveNodes } from '../../realtime/presence/node-lease';
import { turnAbsentReadersOffline } from '../../realtime/presence/reader-presence';
import { markLeft, markSeen } from '../../realtime/presence/session-presence';
import type { AppServer } from '../../realtime/socket-server';
import { processLease } from './process-lease';
import { runDueWork } from './scheduler';

const MINUTE = 60_000;
const { app, clock, driver: reading } = await readingTestApp(MINUTE);

const now = () => new Date(clock.now());
const row = async (id: string) => (await app.db.select().from(readingSessions).where(eq(readingSessions.id, id)))[0]!;
const holdBoth = async (id: string, nodeId: string) => {
  for (const side of ['client', 'reader'] as const) await markSeen(app.db, [id], side, now(), { nodeId });
};

// Decision 029: presence used to be one row update per held socket per beat; it is now one row per
// process (app_nodes), and a process that stops beating must leave its sockets away exactly as
// if each had stopped beating itself.
describe('a process’s lease keeps the sockets it holds present', () => {
  it('bills minute after minute with no write per reading while the process beats, then pauses from its last beat and ends after the grace', async () => {
    const { timing } = app.sessions;
    const { id, client } = await reading.startReading({ rateCents: 299, balanceCents: 5_000 });
    await beatNode(app.db, 'node-a', now());
    await holdBoth(id, 'node-a');
    const seenBefore = await row(id);

    // Three minutes on the lease alone: the session row's presence is never written again.
    for (let beat = 0; beat < (3 * MINUTE) / timing.heartbeatMs; beat++) {
      clock.advance(timing.heartbeatMs);
      expect(await beatNode(app.db, 'node-a', now())).toEqual({ wasGone: false });
      await runDueWork(app.sessions);
    }
    const running = await row(id);
    expect(running).toMatchObject({
      status: 'active',
      minutesCharged: 4,
      pausedAt: null,
      clientNodeId: 'node-a',
      readerNodeId: 'node-a',
    });
    expect([running.clientSeenAt, running.readerSeenAt]).toEqual([seenBefore.clientSeenAt, seenBefore.readerSeenAt]);

    // The process dies: its last beat was now. Both sides are away one TTL later, from that moment.
    const lastBeat = clock.now();
    clock.advance(timing.presenceTtlMs + timing.tickMs);
    await runDueWork(app.sessions);
    const paused = await row(id);
    expect(paused).toMatchObject({ pauseReason: 'away', clientNodeId: null, readerNodeId: null });
    expect(paused.pausedAt?.getTime()).toBe(lastBeat + timing.presenceTtlMs);
    expect(await app.db.select().from(appNodes).where(eq(appNodes.id, 'node-a'))).toEqual([]);

    clock.advance(timing.disconnectGraceMs);
    await runDueWork(app.sessions);
    const ended = (await http(app, client.cookie).get(`/api/sessions/${id}`)).body;
    expect(ended).toMatchObject({ status: 'completed', endReason: 'disconnected', minutesCharged: 4 });
  });

  it('a tab leaving on one process does not take away a side another process holds, and a process takes back what it holds once its lease was swept', async () => {
    const { timing } = app.sessions;
    const { id } = await reading.startReading({ rateCents: 299, balanceCents: 5_000 });
    // A hold is written only while its process's lease row exists: one with none would never be swept.
    await markSeen(app.db, [id], 'reader', now(), { nodeId: 'node-b' });
    expect((await row(id)).readerNodeId).toBeNull();
    expect(await beatNode(app.db, 'node-b', now())).toEqual({ wasGone: true });
    await beatNode(app.db, 'node-c', now());
    await markSeen(app.db, [id], 'reader', now(), { nodeId: 'node-b' });
    // The client's second tab joined on node C later: node B's tab closing leaves the client here.
    await markSeen(app.db, [id], 'client', now(), { nodeId: 'node-b' });
    await markSeen(app.db, [id], 'client', now(), { nodeId: 'node-c' });
    expect(await markLeft(app.db, id, 'client', now(), timing, 'node-b')).toBe(false);
    expect(await row(id)).toMatchObject({ clientNodeId: 'node-c', readerNodeId: 'node-b' });
    // With two processes alive each beat reclaims, taking only sides nobody holds.
    expect(await hasOtherLiveNodes(app.db, 'node-b', now(), timing)).toBe(true);
    await markSeen(app.db, [id], 'client', now(), { nodeId: 'node-b', onlyUnheld: true });
    expect((await row(id)).clientNodeId).toBe('node-c');

    // Node C stalls past its TTL and is swept, then beats again: it was gone, so it reclaims.
    clock.advance(timing.presenceTtlMs);
    await beatNode(app.db, 'node-b', now());
    await runDueWork(app.sessions);
    expect((await row(id)).clientNodeId).toBeNull();
    expect(await ensureNode(app.db, 'node-c', now())).toEqual({ wasGone: true });
    expect(await ensureNode(app.db, 'node-c', now())).toEqual({ wasGone: false });
    await markSeen(app.db, [id], 'client', now(), { nodeId: 'node-c', onlyUnheld: true });
    expect(await row(id)).toMatchObject({ clientNodeId: 'node-c', readerNodeId: 'node-b' });
  });

  it('starts a reading whose second side joined while the first one’s process was swept, once that process holds it again', async () => {
    const { timing } = app.sessions;
    const client = await createClient(app, { balanceCents: 5_000 });
    const reader = await createReader(app, { chatRateCents: 299 });
    await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true });
    const id = (
      await http(app, client.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType: 'chat' })
    ).body.id as string;
    await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' });
    // The client joins on node A, which then stalls past its TTL and is swept (another process's pass).
    await beatNode(app.db, 'node-a', now());
    await markSeen(app.db, [id], 'client', now(), { nodeId: 'node-a' });
    clock.advance(timing.presenceTtlMs + 1);
    await beatNode(app.db, 'node-b', now());
    await runDueWork(app.sessions);
    // The reader joins on node B: the client is not present, so the join cannot start the reading.
    await markSeen(app.db, [id], 'reader', now(), { nodeId: 'node-b' });
    expect((await http(app, client.cookie).post('/api/sessions/start', { sessionId: id })).status).toBe(409);
    // Node A beats again and marks what it holds; nobody joins anew, and the scheduler starts it.
    expect(await ensureNode(app.db, 'node-a', now())).toEqual({ wasGone: true });
    await markSeen(app.db, [id], 'client', now(), { nodeId: 'node-a', onlyUnheld: true });
    await runDueWork(app.sessions);
    expect(await row(id)).toMatchObject({ status: 'active', minutesCharged: 1 });
  });

  it('renews its lease without a statement while its own last write is fresh, and asks the database once it is not', async () => {
    const { timing } = app.sessions;
    const noSockets = { sockets: { sockets: new Map() } } as unknown as AppServer;
    const lease = processLease(noSockets, app.sessions, { error: () => undefined });
    lease.stop();
    const leaseRows = () => app.db.select().from(appNodes).where(eq(appNodes.id, lease.nodeId));
    await lease.renew();
    expect(await leaseRows()).toHaveLength(1);

    // The row swept under it (clocks apart): within two beats of its own write the process does not
    // ask, and the hold writes' own check refuses meanwhile; past them it puts the row back.
    await app.db.delete(appNodes).where(eq(appNodes.id, lease.nodeId));
    clock.advance(timing.presenceTtlMs - timing.heartbeatMs - 1);
    await lease.renew();
    expect(await leaseRows()).toEqual([]);
    clock.advance(1);
    await lease.renew();
    expect(await leaseRows()).toHaveLength(1);
    await lease.release();
  });

  it('keeps a reader online while a process holds their page, and offline a minute after that process dies', async () => {
    const { timing } = app.sessions;
    const reader = await createReader(app);
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    await beatNode(app.db, 'node-d', now());
    await app.db.update(readerProfiles).set({ nodeId: 'node-d' }).where(eq(readerProfiles.userId, reader.id));
    const isOnline = async () =>
      (await app.db.select().from(readerProfiles).where(eq(readerProfiles.userId, reader.id)))[0]!.isOnline;

    for (let beat = 0; beat < (2 * MINUTE) / timing.heartbeatMs; beat++) {
      clock.advance(timing.heartbeatMs);
      await beatNode(app.db, 'node-d', now());
      await runDueWork(app.sessions);
    }
    expect(await isOnline()).toBe(true);

    const lastBeat = clock.now();
    clock.advance(timing.presenceTtlMs + timing.tickMs);
    await runDueWork(app.sessions);
    expect(await isOnline()).toBe(true);
    clock.advance(lastBeat + timing.readerAbsentOfflineMs - clock.now());
    expect(await turnAbsentReadersOffline(app.sessions)).toBe(1);
    expect(await isOnline()).toBe(false);
  });
});
