import type { PostList, PostThread } from '@shared/community';
import type { ReaderSessionsPage, ReaderStats } from '@shared/reader-dashboard';
import type { AppointmentSlots } from '@shared/appointments';
import type { Reader } from '@shared/readers';
import type { ReaderReviews } from '@shared/reviews';
import type { SessionReceipt } from '@shared/sessions';
import type { Product } from '@shared/shop';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/integration/factories';
import { fakeClock } from '../../../tests/integration/fake-clock';
import { http } from '../../../tests/integration/http';
import { testApp } from '../../../tests/integration/test-app';
import { ledgerTransfers, liveStreams, readerProfiles, readingSessions, user } from '../db/schema';
import { checkLedger } from '../features/wallet/check-ledger';
import { getWalletBalanceCents } from '../features/wallet/ledger';
import { DEMO_POSTS } from './demo-community';
import { DEMO_AUTOMATED_READER, DEMO_CLIENTS, DEMO_PASSWORD, DEMO_READERS } from './demo-data';
import { DEMO_PRODUCTS } from './demo-shop';
import { DEMO_STREAMS } from './demo-streams';
import { ensureAutomatedReader, seedDemo } from './seed-demo';
import { DAY_MS } from '@shared/time-units';
import { passwordHasher } from '../auth/password-hasher';

const clock = fakeClock(Date.parse('2026-05-20T16:45:00Z'));
const app = await testApp({ clock, runScheduler: false });
beforeAll(async () => {
  expect(await seedDemo(app.db, passwordHasher(app.config), clock)).toBe(true);
});

/** Every page of a reader's public reviews. */
async function allReviews(readerId: string) {
  const pages: ReaderReviews[] = [];
  for (let page = 1; page === 1 || pages.at(-1)!.reviews.length === pages.at(-1)!.pageSize; page += 1) {
    const response = await http(app).get<ReaderReviews>(`/api/readers/${readerId}/reviews?page=${page}`);
    expect(response.status).toBe(200);
    pages.push(response.body);
  }
  return { ...pages[0]!, reviews: pages.flatMap((p) => p.reviews) };
}

describe('the demo seed', () => {
  it("gives every demo reader figures their readings add up to: the profile's rating, reviews and sessions", async () => {
    for (const { username } of DEMO_READERS) {
      const response = await http(app).get<Reader>(`/api/readers/by-username/${username}`);
      expect(response.status, username).toBe(200);
      const reader = response.body;
      const reviews = await allReviews(reader.id);
      const completed = await app.db
        .select({ id: readingSessions.id })
        .from(readingSessions)
        .where(eq(readingSessions.readerId, reader.id));

      expect(reader.totalReviews, username).toBeGreaterThan(0);
      expect(reader.totalReviews, username).toBe(reviews.total);
      expect(reviews.reviews, username).toHaveLength(reviews.total);
      expect(reader.rating, username).toBe(reviews.average);
      expect(reader.totalSessions, username).toBe(completed.length);
      expect(completed.length, username).toBeGreaterThanOrEqual(4);
      // Some clients never rate: fewer reviews than readings, as on any real profile.
      expect(reviews.total, username).toBeLessThan(completed.length);
    }
  });

  it('orders the directory differently for each sort, the most experienced not first in all', async () => {
    const { readers } = (await http(app).get<{ readers: Reader[] }>('/api/readers')).body;
    const order = (by: (r: Reader) => number) => [...readers].sort((a, b) => by(b) - by(a)).map((r) => r.username);
    const byRating = order((r) => r.rating);
    const bySessions = order((r) => r.totalSessions);
    expect(new Set(readers.map((r) => r.rating)).size).toBe(readers.length);
    expect(new Set(readers.map((r) => r.totalSessions)).size).toBe(readers.length);
    expect(byRating[0]).toBe('marcus');
    expect(bySessions[0]).toBe('aurora');
    expect(order((r) => r.yearsExperience).slice(0, 2)).toEqual(['esmeralda', 'orion']);
  });

  it('leaves a ledger that passes every check of npm run ledger:check', async () => {
    expect(await checkLedger(app.db)).toEqual([]);
    // Transfer ids follow the order the money moved, as they would have live.
    const transfers = await app.db
      .select({ at: ledgerTransfers.createdAt })
      .from(ledgerTransfers)
      .orderBy(asc(ledgerTransfers.id));
    const times = transfers.map((t) => t.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('gives every demo reading receipt lines that sum to its cost, each equal to its minute’s ledger legs', async () => {
    const readings = await app.db.execute(sql`
      select s.id, s.minutes_charged as minutes, s.total_cost_cents as cost,
        count(m.minute)::int as lines, coalesce(sum(m.amount_cents), 0)::int as "linesCents"
      from reading_sessions s left join session_minutes m on m.session_id = s.id
      group by s.id`);
    const rows = (
      readings as unknown as {
        rows: { id: string; minutes: number; cost: number; lines: number; linesCents: number }[];
      }
    ).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect({ lines: row.lines, cents: row.linesCents }, row.id).toEqual({ lines: row.minutes, cents: row.cost });

    // Every line against the two legs of its minute, by the keys billing gives them.
    const mismatches = await app.db.execute(sql`
      select m.session_id, m.minute from session_minutes m
      left join ledger_transfers r on r.idempotency_key = 'session:' || m.session_id || ':minute:' || m.minute || ':reader'
      left join ledger_transfers p on p.idempotency_key = 'session:' || m.session_id || ':minute:' || m.minute || ':platform'
      where coalesce(r.amount_cents, 0) <> m.reader_cents or coalesce(p.amount_cents, 0) <> m.platform_cents
        or m.started_at <> coalesce(r.created_at, p.created_at)`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);

    // And as its reader sees it.
    const marcus = await signIn(app, 'marcus@soultribe.app', DEMO_PASSWORD);
    const [reading] = (await http(app, marcus).get<ReaderSessionsPage>('/api/readers/me/sessions')).body.sessions;
    const receipt = (await http(app, marcus).get<SessionReceipt>(`/api/sessions/${reading!.id}/receipt`)).body;
    expect(receipt.minutes).toHaveLength(reading!.minutesCharged);
    expect(receipt.minutes.reduce((sum, line) => sum + line.readerCents, 0)).toBe(reading!.earningsCents);
  });

  it('announces the demo streams as scheduled, each in the days ahead, none live without a camera behind it', async () => {
    const streams = await app.db.select().from(liveStreams);
    expect(streams).toHaveLength(DEMO_STREAMS.length);
    for (const stream of streams) {
      expect(stream.status).toBe('scheduled');
      expect(stream.scheduledFor!.getTime()).toBeGreaterThan(clock.now());
      expect(stream.scheduledFor!.getTime()).toBeLessThan(clock.now() + 7 * DAY_MS);
    }
  });

  it('opens the forum with its threads, pinned first, counts matching their replies and likes, and the shop with its products', async () => {
    const forum = (await http(app).get<PostList>('/api/community/posts')).body;
    expect(forum.total).toBe(DEMO_POSTS.length);
    expect(forum.posts[0]).toMatchObject({
      title: 'Welcome to the Soul Tribe Community: start here',
      isPinned: true,
      author: { name: 'Aurora Starweaver', isReader: true },
    });
    for (const post of forum.posts) {
      const thread = (await http(app).get<PostThread>(`/api/community/posts/${post.id}`)).body;
      expect(thread.replies, post.title).toHaveLength(post.replyCount);
    }
    const shop = (await http(app).get<{ products: Product[] }>('/api/shop/products')).body.products;
    expect(shop).toHaveLength(DEMO_PRODUCTS.length);
    expect(shop.filter((p) => p.isDigital).map((p) => p.stock)).toEqual([null, null, null]);
    expect(shop.find((p) => p.name === 'Tarot Foundations: a 6-week course')?.seller?.name).toBe('Aurora Starweaver');
  });

  it('adds Sage, the demo reader the server answers: listed with automated replies, no stream, nobody can sign in as Sage', async () => {
    const sage = (await http(app).get<Reader>('/api/readers/by-username/sage')).body;
    expect(sage).toMatchObject({ fullName: 'Sage · demo reader', repliesAutomated: true, isOnline: true });
    expect(await app.db.select().from(liveStreams).where(eq(liveStreams.readerId, sage.id))).toEqual([]);
    await expect(signIn(app, DEMO_AUTOMATED_READER.email, DEMO_PASSWORD)).rejects.toThrow();
    const others = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(readerProfiles)
      .where(eq(readerProfiles.repliesAutomated, true));
    expect(others[0]!.n).toBe(1);
    // Started again on this demo database, the server adds no second Sage.
    expect(await ensureAutomatedReader(app.db, passwordHasher(app.config))).toBe(false);
  });

  it('keeps Luna and Sol at their welcome balance with no readings', async () => {
    for (const client of DEMO_CLIENTS) {
      const [row] = await app.db.select({ id: user.id }).from(user).where(eq(user.email, client.email));
      expect(await getWalletBalanceCents(app.db, row!.id), client.email).toBe(client.balanceCents);
      const readings = await app.db
        .select()
        .from(readingSessions)
        .where(sql`${row!.id} in (${readingSessions.clientId}, ${readingSessions.readerId})`);
      expect(readings, client.email).toEqual([]);
    }
  });

  it("shows Isla's 3 free minutes to a new client and a visitor, but not to a seeker who has had a reading with her", async () => {
    const isla = (await http(app).get<Reader>('/api/readers/by-username/isla')).body;
    expect(isla.freeMinutes).toBe(3);
    const luna = DEMO_CLIENTS[0]!;
    const lunaCookie = await signIn(app, luna.email, DEMO_PASSWORD);
    expect((await http(app, lunaCookie).get<Reader>('/api/readers/by-username/isla')).body.freeMinutes).toBe(3);
    const [seeker] = await app.db
      .select({ email: user.email })
      .from(readingSessions)
      .innerJoin(user, eq(user.id, readingSessions.clientId))
      .where(eq(readingSessions.readerId, isla.id))
      .limit(1);
    const seekerCookie = await signIn(app, seeker!.email, DEMO_PASSWORD);
    expect((await http(app, seekerCookie).get<Reader>(`/api/readers/${isla.id}`)).body.freeMinutes).toBe(0);
  });

  it('dates nothing today in any time zone, so the dashboards’ today figures start at zero', async () => {
    const [latest] = await app.db
      .select({ at: sql<string>`greatest(max(${readingSessions.endedAt}), max(${readingSessions.ratedAt}))::text` })
      .from(readingSessions);
    expect(Date.parse(latest!.at)).toBeLessThan(clock.now() - DAY_MS);

    const marcus = await signIn(app, 'marcus@soultribe.app', DEMO_PASSWORD);
    const stats = (await http(app, marcus).get<ReaderStats>('/api/readers/me/stats')).body;
    expect(stats.today).toMatchObject({ earningsCents: 0, sessions: 0 });
    expect(stats.lastSevenDays.sessions).toBeGreaterThan(0);
    expect(stats.allTime.earningsCents).toBe(stats.availableCents);
    expect(stats.heldCents).toBe(0);
  });

  it('keeps every demo reader below the $139.98 a reader of the analytics spec earns in the last 30 days', async () => {
    // admin-analytics.spec.ts expects its one reading to top the 30-day Top Readers list.
    const since = new Date(clock.now() - 30 * DAY_MS);
    const rows = await app.db
      .select({ earnings: sql<number>`sum(${readingSessions.readerEarningsCents})::int` })
      .from(readingSessions)
      .where(sql`${readingSessions.endedAt} >= ${since.toISOString()}`)
      .groupBy(readingSessions.readerId);
    expect(Math.max(...rows.map((r) => r.earnings))).toBeLessThan(13_998);
  });

  // Last: it moves the clock on a week.
  it('gives readers a weekly schedule, at least three with free slots to book on each day of a week, one of them taking written questions', async () => {
    const readers = await Promise.all(
      DEMO_READERS.map(
        async ({ username }) => (await http(app).get<Reader>(`/api/readers/by-username/${username}`)).body,
      ),
    );
    for (let day = 0; day < 7; day += 1) {
      const bookable: Reader[] = [];
      for (const reader of readers) {
        const response = await http(app).get<AppointmentSlots>(`/api/readers/${reader.id}/appointment-slots`);
        expect(response.status).toBe(200);
        if (response.body.slots.length > 0) bookable.push(reader);
      }
      const when = new Date(clock.now()).toISOString();
      expect(bookable.length, when).toBeGreaterThanOrEqual(3);
      expect(
        bookable.every((reader) => reader.schedule.slots.length > 0),
        when,
      ).toBe(true);
      expect(
        bookable.some((reader) => reader.writtenReadingPriceCents !== null),
        when,
      ).toBe(true);
      clock.advance(DAY_MS);
    }
  });

  it('does nothing on a database that has users', async () => {
    const before = await app.db.select({ id: readingSessions.id }).from(readingSessions);
    expect(await seedDemo(app.db, passwordHasher(app.config), clock)).toBe(false);
    const after = await app.db
      .select({ id: readingSessions.id })
      .from(readingSessions)
      .where(
        inArray(
          readingSessions.id,
          before.map((r) => r.id),
        ),
      );
    expect(after).toHaveLength(before.length);
  });
});
