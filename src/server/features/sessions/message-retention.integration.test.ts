import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readingSessions, sessionMessages, sessionMinutes } from '../../db/schema';
import type { Database } from '../../db/client';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { createTestApp } from '../../../../tests/integration/test-app';
import { openTestDatabase } from '../../../../tests/integration/test-database';
import { EVENT_WAIT_LIMIT_MS } from '../../../../tests/integration/timeouts';
import { deleteExpiredMessages, startMessageRetention } from './message-retention';

// Decision 019: chat messages are deleted RETENTION_DAYS after they were sent, by a job that runs at
// start-up and then periodically; readings and their receipt lines stay.
const MINUTE = 60_000;
const DAY = 24 * 60 * 60 * 1000;
const noLog = { error: () => {} };
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const messagesOf = (sessionId: string) =>
  database.db
    .select({ content: sessionMessages.content })
    .from(sessionMessages)
    .where(eq(sessionMessages.sessionId, sessionId))
    .orderBy(sessionMessages.createdAt);

/** A finished chat reading with the given messages, sent `gapDays` apart from the clock's now on. */
async function readingWithMessages(
  app: Awaited<ReturnType<typeof createTestApp>>,
  clock: ReturnType<typeof fakeClock>,
  contents: string[],
  gapDays: number,
) {
  const driver = readingDriver(app, clock, MINUTE);
  const { client, id } = await driver.startReading({ rateCents: 299, balanceCents: 5000 });
  for (const content of contents) {
    expect((await http(app, client.cookie).post('/api/sessions/message', { sessionId: id, content })).status).toBe(201);
    clock.advance(gapDays * DAY);
    await driver.heartbeat(id);
  }
  await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
  return id;
}

describe('message retention', () => {
  it('deletes only messages older than RETENTION_DAYS, keeps the reading and its receipt, and does nothing more when run again', async () => {
    const clock = fakeClock(Date.parse('2026-01-10T09:00:00Z'));
    const app = await createTestApp({
      database,
      clock,
      runScheduler: false,
      runMessageRetention: false,
      env: { BILLING_MINUTE_MS: String(MINUTE) },
    });
    try {
      // Sent 10 days apart in a (long, artificial) reading, then 15 more days pass: 45, 35 and 25 days old.
      const id = await readingWithMessages(app, clock, ['first', 'second', 'third'], 10);
      clock.advance(15 * DAY);
      expect(await deleteExpiredMessages(app.db, clock, 40)).toBe(1);
      expect((await messagesOf(id)).map((m) => m.content)).toEqual(['second', 'third']);
      expect(await deleteExpiredMessages(app.db, clock, 40)).toBe(0);
      expect(await deleteExpiredMessages(app.db, clock, 30)).toBe(1);
      expect((await messagesOf(id)).map((m) => m.content)).toEqual(['third']);

      const [session] = await app.db.select().from(readingSessions).where(eq(readingSessions.id, id));
      expect(session).toMatchObject({ status: 'completed' });
      expect(await app.db.select().from(sessionMinutes).where(eq(sessionMinutes.sessionId, id))).toHaveLength(
        session!.minutesCharged,
      );
    } finally {
      await app.close();
    }
  });

  it('runs at start-up, so a restart after a long stop loses nothing, and then again on its interval', async () => {
    const clock = fakeClock(Date.parse('2026-03-01T09:00:00Z'));
    const env = { BILLING_MINUTE_MS: String(MINUTE), RETENTION_DAYS: '30' };
    const first = await createTestApp({ database, clock, runScheduler: false, env });
    const kept = await readingWithMessages(first, clock, ['still fresh'], 0);
    await first.messageRetention!.idle();
    expect(await messagesOf(kept)).toHaveLength(1);
    await first.close();

    // The server is down for 31 days; the first thing the restarted one does is the missed sweep.
    clock.advance(31 * DAY);
    const second = await createTestApp({ database, clock, runScheduler: false, env });
    try {
      await second.messageRetention!.idle();
      expect(await messagesOf(kept)).toEqual([]);
      expect(
        await second.db
          .select()
          .from(sessionMinutes)
          .where(inArray(sessionMinutes.sessionId, [kept])),
      ).not.toHaveLength(0);
    } finally {
      await second.close();
    }

    // A running job sweeps again on its interval: a message that ages past the retention goes.
    const job = startMessageRetention({ db: database.db, clock, retentionDays: 30, intervalMs: 20, log: noLog });
    try {
      const app = await createTestApp({ database, clock, runScheduler: false, runMessageRetention: false, env });
      const later = await readingWithMessages(app, clock, ['later'], 0);
      await app.close();
      expect(await messagesOf(later)).toHaveLength(1);
      clock.advance(30 * DAY + 1);
      await vi.waitFor(async () => expect(await messagesOf(later)).toEqual([]), {
        timeout: EVENT_WAIT_LIMIT_MS,
        interval: 20,
      });
    } finally {
      await job.stop();
    }
  });
});
