import { and, count, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readingSessions } from '../../db/schema';
import { createClient, createReader } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';

// Decision 009, finding 4: a rating needs a completed reading with a paid, unrefunded minute, once,
// within 7 days of its end.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const clock = fakeClock();
let driver: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  driver = readingDriver(app, clock, MINUTE);
});

const rate = (cookie: string, id: string, rating = 1) =>
  http(app, cookie).post(`/api/sessions/${id}/rating`, { rating, review: 'Unfair' });
const answer = (response: { status: number; body: { error?: { code: string; message: string } } }) => [
  response.status,
  response.body.error?.code,
  response.body.error?.message,
];
const readerRating = async (readerId: string) => {
  const { body } = await http(app).get(`/api/readers/${readerId}`);
  return { rating: body.rating, totalReviews: body.totalReviews };
};

describe('rating a reading', () => {
  it('refuses a fully refunded reading, and does not offer it', async () => {
    const { client, reader, id } = await driver.startReading({ rateCents: 299, balanceCents: 5000 });
    clock.advance(MINUTE);
    const ended = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true });
    expect(ended.body).toMatchObject({ status: 'completed', refundedCents: 299, ratableUntil: null });
    expect(answer(await rate(client.cookie, id))).toEqual([409, 'CONFLICT', 'A refunded reading cannot be rated']);
    expect(await readerRating(reader.id)).toEqual({ rating: 0, totalReviews: 0 });
  });

  it('refuses a reading that never had a paid minute', async () => {
    const client = await createClient(app, { balanceCents: 5000 });
    const reader = await createReader(app);
    await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true });
    const { body } = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: body.id, response: 'accept' });
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: body.id });
    expect(answer(await rate(client.cookie, body.id))).toEqual([
      409,
      'CONFLICT',
      'Only a completed reading can be rated',
    ]);

    // No path completes a reading without charging minute 1 today; the rule must not rely on that.
    const { id } = await driver.startReading({ rateCents: 299, balanceCents: 5000, client });
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    await app.db
      .update(readingSessions)
      .set({ minutesCharged: 0, totalCostCents: 0, readerEarningsCents: 0 })
      .where(eq(readingSessions.id, id));
    expect((await http(app, client.cookie).get(`/api/sessions/${id}`)).body.ratableUntil).toBeNull();
    expect(answer(await rate(client.cookie, id))).toEqual([
      409,
      'CONFLICT',
      'Only a reading with a paid minute can be rated',
    ]);
    expect(await readerRating(reader.id)).toEqual({ rating: 0, totalReviews: 0 });
  });

  it('counts one rating of a paid reading, from its client only, within 7 days of its end', async () => {
    const { client, reader, id } = await driver.startReading({ rateCents: 299, balanceCents: 5000 });
    await driver.nextMinute(id);
    const ended = await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    expect(ended.body.ratableUntil).toBe(new Date(Date.parse(ended.body.endedAt) + 7 * DAY).toISOString());

    expect(answer(await rate(reader.cookie, id))).toEqual([403, 'FORBIDDEN', 'Only the client can rate a reading']);
    clock.advance(7 * DAY - 1);
    const rated = await rate(client.cookie, id, 4);
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ rating: 4, ratableUntil: null });
    expect(answer(await rate(client.cookie, id, 5))).toEqual([409, 'CONFLICT', 'You have already rated this reading']);
    expect(await readerRating(reader.id)).toEqual({ rating: 4, totalReviews: 1 });
  });

  it('refuses a rating 7 days after the end', async () => {
    const { client, reader, id } = await driver.startReading({ rateCents: 299, balanceCents: 5000 });
    await http(app, client.cookie).post('/api/sessions/end', { sessionId: id });
    clock.advance(7 * DAY);
    expect(answer(await rate(client.cookie, id))).toEqual([409, 'CONFLICT', 'Ratings close 7 days after the reading']);
    expect(await readerRating(reader.id)).toEqual({ rating: 0, totalReviews: 0 });
  });

  it('five refunded readings rated 1 star leave the reader’s rating untouched', async () => {
    const reader = await createReader(app);
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const { client, id } = await driver.startReading({ rateCents: 299, balanceCents: 1000, reader });
      await http(app, client.cookie).post('/api/sessions/end', { sessionId: id, refundRequested: true });
      statuses.push((await rate(client.cookie, id)).status);
    }
    expect({ statuses, ...(await readerRating(reader.id)) }).toEqual({
      statuses: [409, 409, 409, 409, 409],
      rating: 0,
      totalReviews: 0,
    });
    const rated = await app.db
      .select({ n: count() })
      .from(readingSessions)
      .where(and(eq(readingSessions.readerId, reader.id), isNotNull(readingSessions.rating)));
    expect(rated).toEqual([{ n: 0 }]);
  });
});
