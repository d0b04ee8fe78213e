import type { Role } from '@shared/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createClient,
  createReader,
  FACTORY_PASSWORD,
  signIn,
  type TestUser,
} from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { nextEvent } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';
import { ledgerTransfers, readerProfiles, readingSessions, user } from '../../db/schema';
import { REVENUE_ACCOUNT_IDS } from '../wallet';
import { weekOverWeekPct } from './get-admin-stats';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const RATE = 299;

// Ledger transfers carry the database's own time (now()), not the app's clock; the clock starts there.
const clock = fakeClock(Date.now());
let admin: TestUser;
let reading: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  admin = await createAdmin(app);
  reading = readingDriver(app, clock, MINUTE);
});

const stats = async () => {
  const response = await http(app, admin.cookie).get('/api/admin/stats');
  expect(response.status).toBe(200);
  return response.body;
};

/** The platform's take of one session, straight from its ledger rows. */
async function platformShareCents(sessionId: string) {
  const [row] = await app.db
    .select({ cents: sql<number>`coalesce(sum(${ledgerTransfers.amountCents}), 0)::int` })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.reference, `session:${sessionId}`),
        inArray(ledgerTransfers.creditAccountId, [...REVENUE_ACCOUNT_IDS]),
      ),
    );
  return row!.cents;
}

async function userCount(role?: Role) {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(user)
    .where(role ? eq(user.role, role) : undefined);
  return row!.n;
}

describe('GET /api/admin/stats', () => {
  it('counts every figure from the sessions and ledger rows, completed readings only', async () => {
    const before = await stats();
    expect(before.totalUsers).toBe(await userCount());
    expect(before.totalReaders).toBe(await userCount('reader'));
    // Nothing happened in the week before this fresh database existed.
    expect(before.growth).toEqual({
      usersWeekOverWeekPct: null,
      revenueWeekOverWeekPct: null,
      sessionsWeekOverWeekPct: null,
    });

    const first = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await reading.nextMinute(first.id);
    const open = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    const during = await stats();
    expect(during.activeSessions).toBe(before.activeSessions + 2);
    // Open readings can still be refunded: their minutes are not revenue yet.
    expect(during.totalRevenueCents).toBe(before.totalRevenueCents);

    const ended = await http(app, first.client.cookie).post('/api/sessions/end', { sessionId: first.id });
    expect(ended.body).toMatchObject({ status: 'completed', minutesCharged: 2, totalCostCents: 2 * RATE });
    const firstShare = await platformShareCents(first.id);
    expect(firstShare).toBe(2 * RATE - ended.body.readerEarningsCents);

    const after = await stats();
    expect(after).toMatchObject({
      totalUsers: before.totalUsers + 4,
      totalReaders: before.totalReaders + 2,
      totalRevenueCents: before.totalRevenueCents + firstShare,
      todayRevenueCents: before.todayRevenueCents + firstShare,
      activeSessions: before.activeSessions + 1,
    });
    await http(app, open.client.cookie).post('/api/sessions/end', { sessionId: open.id });
  });

  it('refunds taken back from the platform lower its revenue', async () => {
    const before = await stats();
    const refunded = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    const ended = await http(app, refunded.client.cookie).post('/api/sessions/end', {
      sessionId: refunded.id,
      refundRequested: true,
    });
    expect(ended.body).toMatchObject({ status: 'completed', refundedCents: RATE });
    expect((await stats()).totalRevenueCents).toBe(before.totalRevenueCents);
  });

  it('compares the last 7 days with the 7 before', async () => {
    const base = await stats();
    const old = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await http(app, old.client.cookie).post('/api/sessions/end', { sessionId: old.id });
    const oldShare = await platformShareCents(old.id);
    const recent = await reading.startReading({ rateCents: 2 * RATE, balanceCents: 5000 });
    await http(app, recent.client.cookie).post('/api/sessions/end', { sessionId: recent.id });
    const recentShare = await platformShareCents(recent.id);

    // Transfers carry the database's time (now()). A slow machine can leave the fake clock behind
    // them, which would put them outside "the last 7 days" the stats read: bring the clock up to the
    // real time first.
    const behindMs = Date.now() - clock.now();
    if (behindMs > 0) clock.advance(behindMs + 1);
    // Move the older reading, its money and its two people into the week before.
    const eightDaysAgo = new Date(clock.now() - 8 * DAY);
    await app.db.update(readingSessions).set({ endedAt: eightDaysAgo }).where(eq(readingSessions.id, old.id));
    await app.db
      .update(ledgerTransfers)
      .set({ createdAt: eightDaysAgo })
      .where(eq(ledgerTransfers.reference, `session:${old.id}`));
    await app.db
      .update(user)
      .set({ createdAt: eightDaysAgo })
      .where(inArray(user.id, [old.client.id, old.reader.id]));

    const after = await stats();
    const [completedLastWeek] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(readingSessions)
      .where(
        and(
          eq(readingSessions.status, 'completed'),
          sql`${readingSessions.endedAt} >= ${new Date(clock.now() - 7 * DAY).toISOString()}`,
        ),
      );
    const [revenueLastWeek] = await app.db
      .select({
        cents: sql<number>`(sum(case when ${inArray(ledgerTransfers.creditAccountId, [...REVENUE_ACCOUNT_IDS])} then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end))::int`,
      })
      .from(ledgerTransfers)
      .where(
        sql`(${inArray(ledgerTransfers.creditAccountId, [...REVENUE_ACCOUNT_IDS])} or ${inArray(ledgerTransfers.debitAccountId, [...REVENUE_ACCOUNT_IDS])}) and ${ledgerTransfers.createdAt} >= ${new Date(clock.now() - 7 * DAY).toISOString()}`,
      );
    expect(after.growth).toEqual({
      usersWeekOverWeekPct: weekOverWeekPct(after.totalUsers - 2, 2),
      revenueWeekOverWeekPct: weekOverWeekPct(revenueLastWeek!.cents, oldShare),
      sessionsWeekOverWeekPct: weekOverWeekPct(completedLastWeek!.n, 1),
    });
    expect(after.totalRevenueCents).toBe(base.totalRevenueCents + oldShare + recentShare);
    expect(after.todayRevenueCents).toBe(base.todayRevenueCents + recentShare);
  });

  it('rounds percentages to one decimal and has none without an earlier week', () => {
    expect(weekOverWeekPct(3, 2)).toBe(50);
    expect(weekOverWeekPct(1, 3)).toBe(-66.7);
    expect(weekOverWeekPct(5, 0)).toBeNull();
  });
});

describe('GET /api/admin/users', () => {
  it('searches names and emails in any case, filters by role, pages newest first', async () => {
    const tag = `zq${Date.now()}`;
    // Accounts carry the app clock: a second between them makes "newest first" one order.
    const first = await createClient(app, { name: `Nova ${tag}`, balanceCents: 1234 });
    clock.advance(1000);
    const second = await createClient(app, { email: `${tag}-two@test.soultribe.app` });
    clock.advance(1000);
    const third = await createReader(app, { firstName: 'Vega', lastName: tag.toUpperCase() });

    const all = await http(app, admin.cookie).get(`/api/admin/users?search=${tag.toUpperCase()}`);
    expect(all.status).toBe(200);
    expect(all.body.users.map((u: { id: string }) => u.id)).toEqual([third.id, second.id, first.id]);
    expect(all.body.users[2]).toMatchObject({
      name: `Nova ${tag}`,
      email: first.email,
      role: 'client',
      walletBalanceCents: 1234,
      suspended: false,
    });
    expect(all.body.hasMore).toBe(false);

    const page = await http(app, admin.cookie).get(`/api/admin/users?search=${tag}&limit=2&offset=0`);
    expect(page.body.users).toHaveLength(2);
    expect(page.body.hasMore).toBe(true);
    const rest = await http(app, admin.cookie).get(`/api/admin/users?search=${tag}&limit=2&offset=2`);
    expect(rest.body).toMatchObject({ users: [{ id: first.id }], hasMore: false });

    const readers = await http(app, admin.cookie).get(`/api/admin/users?search=${tag}&role=reader`);
    expect(readers.body.users.map((u: { id: string }) => u.id)).toEqual([third.id]);
    expect((await http(app, admin.cookie).get('/api/admin/users?search=%25_')).body.users).toEqual([]);
    expect((await http(app, admin.cookie).get('/api/admin/users?role=nobody')).status).toBe(400);
  });
});

describe('suspend and restore', () => {
  it('ends live sign-ins at once, refuses sign-in with ACCOUNT_SUSPENDED, and restore lets the user back', async () => {
    const client = await createClient(app);
    const socket = await app.connectSocket(client.cookie);
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    expect((await http(app, client.cookie).get('/api/auth/profile')).status).toBe(200);

    const suspended = await http(app, admin.cookie).post(`/api/admin/users/${client.id}/suspend`);
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ id: client.id, suspended: true });
    expect((await http(app, client.cookie).get('/api/auth/profile')).body).toBeNull();
    await dropped;

    const again = await http(app).post('/api/auth/sign-in/email', { email: client.email, password: FACTORY_PASSWORD });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ error: { code: 'ACCOUNT_SUSPENDED', message: expect.any(String) } });
    expect(again.headers['set-cookie']).toBeUndefined();

    const restored = await http(app, admin.cookie).post(`/api/admin/users/${client.id}/restore`);
    expect(restored.body).toMatchObject({ id: client.id, suspended: false });
    const cookie = await signIn(app, client.email, FACTORY_PASSWORD);
    expect((await http(app, cookie).get('/api/auth/profile')).status).toBe(200);
  });

  it('takes a reader offline and out of reach of bookings', async () => {
    const reader = await createReader(app, { chatRateCents: RATE });
    const client = await createClient(app, { balanceCents: 5000 });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    expect((await http(app, admin.cookie).post(`/api/admin/users/${reader.id}/suspend`)).status).toBe(200);
    const [profile] = await app.db.select().from(readerProfiles).where(eq(readerProfiles.userId, reader.id));
    expect(profile!.isOnline).toBe(false);
    expect(
      (await http(app, client.cookie).post('/api/sessions/request', { readerId: reader.id, sessionType: 'chat' }))
        .status,
    ).toBe(409);
    // Even marked online by a stale writer, a suspended reader cannot be booked.
    await app.db.update(readerProfiles).set({ isOnline: true }).where(eq(readerProfiles.userId, reader.id));
    const refused = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(refused.status).toBe(409);
  });

  it('refuses the admin themselves, another admin and unknown ids', async () => {
    const self = await http(app, admin.cookie).post(`/api/admin/users/${admin.id}/suspend`);
    expect(self.status).toBe(409);
    expect(self.body.error.message).toMatch(/your own account/);
    const other = await createAdmin(app);
    const otherAdmin = await http(app, admin.cookie).post(`/api/admin/users/${other.id}/suspend`);
    expect(otherAdmin.status).toBe(403);
    expect(otherAdmin.body.error.message).toMatch(/Admin accounts/);
    expect((await http(app, other.cookie).get('/api/auth/profile')).status).toBe(200);
    expect((await http(app, admin.cookie).post('/api/admin/users/nobody/suspend')).status).toBe(404);
    expect((await http(app, admin.cookie).post('/api/admin/users/nobody/restore')).status).toBe(404);
  });
});

describe('sessions', () => {
  it('lists every session newest first, filtered by status', async () => {
    // Sessions requested at one instant would tie; a second apart they have an order.
    clock.advance(1000);
    const done = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await http(app, done.client.cookie).post('/api/sessions/end', { sessionId: done.id });
    clock.advance(1000);
    const live = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });

    const active = await http(app, admin.cookie).get('/api/admin/sessions?status=active&limit=100');
    expect(active.status).toBe(200);
    expect(active.body.sessions.map((s: { id: string }) => s.id)).toContain(live.id);
    expect(active.body.sessions.every((s: { status: string }) => s.status === 'active')).toBe(true);

    const all = await http(app, admin.cookie).get('/api/admin/sessions?limit=2');
    expect(all.body.sessions.map((s: { id: string }) => s.id)).toEqual([live.id, done.id]);
    expect(all.body.hasMore).toBe(true);
    expect(all.body.sessions[1]).toMatchObject({
      status: 'completed',
      client: { id: done.client.id },
      reader: { id: done.reader.id },
    });
    expect((await http(app, admin.cookie).get('/api/admin/sessions?status=bogus')).status).toBe(400);
    await http(app, admin.cookie).post(`/api/admin/sessions/${live.id}/end`);
  });

  it('an admin ends an active reading billed up to that moment, and both sides hear it', async () => {
    const live = await reading.startReading({ rateCents: RATE, balanceCents: 5000 });
    await reading.nextMinute(live.id);
    const clientSocket = await app.connectSocket(live.client.cookie);
    const readerSocket = await app.connectSocket(live.reader.cookie);
    const clientHears = nextEvent(clientSocket, 'session_ended', (e) => e.sessionId === live.id);
    const readerHears = nextEvent(readerSocket, 'session_ended', (e) => e.sessionId === live.id);
    const [before] = await app.db.select().from(readingSessions).where(eq(readingSessions.id, live.id));
    clock.advance(MINUTE / 3);

    const ended = await http(app, admin.cookie).post(`/api/admin/sessions/${live.id}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({
      status: 'completed',
      minutesCharged: before!.minutesCharged,
      totalCostCents: before!.totalCostCents,
      readerEarningsCents: before!.readerEarningsCents,
      refundedCents: 0,
      endedAt: new Date(clock.now()).toISOString(),
    });
    expect(before!.minutesCharged).toBe(2);
    const expected = {
      sessionId: live.id,
      endedBy: admin.id,
      totalMinutes: 2,
      totalCostCents: 2 * RATE,
      refundedCents: 0,
    };
    expect(await clientHears).toMatchObject(expected);
    expect(await readerHears).toMatchObject(expected);

    const again = await http(app, admin.cookie).post(`/api/admin/sessions/${live.id}/end`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(ended.body);
    expect((await http(app, admin.cookie).post('/api/admin/sessions/nobody/end')).status).toBe(404);
  });
});
