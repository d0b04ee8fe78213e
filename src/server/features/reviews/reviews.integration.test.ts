import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ReaderReviews, readerReviewsSchema } from '@shared/reviews';
import { ratingRefusal } from '@shared/sessions';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';
import { readingSessions, user } from '../../db/schema';

// Decision 015: a profile shows reviews of completed, paid readings only, newest first, ten a page.
const MINUTE = 60_000;
const clock = fakeClock(Date.parse('2026-10-10T12:00:00Z'));
let driver: ReturnType<typeof readingDriver>;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  driver = readingDriver(app, clock, MINUTE);
});

const reviewsOf = async (readerId: string, query = '') => {
  const response = await http(app).get(`/api/readers/${readerId}/reviews${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return readerReviewsSchema.parse(response.body);
};

/** A completed chat reading of one paid minute, ended by the client (optionally refunded). */
async function completedReading(client: TestUser, reader: TestUser, options: { refund?: boolean } = {}) {
  const { id } = await driver.startReading({ rateCents: 299, balanceCents: 0, client, reader });
  clock.advance(MINUTE / 2);
  const ended = await http(app, client.cookie).post('/api/sessions/end', {
    sessionId: id,
    ...(options.refund && { refundRequested: true }),
  });
  expect(ended.status, JSON.stringify(ended.body)).toBe(200);
  return id;
}

async function ratedReading(client: TestUser, reader: TestUser, rating: number, review?: string) {
  const id = await completedReading(client, reader);
  clock.advance(MINUTE);
  const rated = await http(app, client.cookie).post(`/api/sessions/${id}/rating`, { rating, review });
  expect(rated.status, JSON.stringify(rated.body)).toBe(200);
  return id;
}

/** A rating no client could give today, written as older code (decision 009) or a bad import might have. */
const forceRating = (id: string, rating: number) =>
  app.db
    .update(readingSessions)
    .set({ rating, review: 'Should never show', ratedAt: new Date(clock.now()) })
    .where(eq(readingSessions.id, id));

describe('GET /api/readers/:id/reviews', () => {
  const RATINGS = [5, 5, 5, 5, 5, 5, 4, 4, 4, 3, 1, 5];
  let reader: TestUser;
  let client: TestUser;
  let counted: string[];
  let firstPage: ReaderReviews;

  beforeAll(async () => {
    reader = await createReader(app);
    client = await createClient(app, { name: 'Zelda Quartermaine', balanceCents: 100_000 });
    counted = [];
    for (const [index, rating] of RATINGS.entries()) {
      counted.push(
        await ratedReading(
          client,
          reader,
          rating,
          index === 0 ? 'Warm and precise.' : index % 2 ? `Review ${index}` : undefined,
        ),
      );
    }

    // None of these may show: a refunded reading's rating, an unrated reading, a reading whose
    // minutes were never paid, a still-active reading, and another reader's review.
    const refunded = await completedReading(client, reader, { refund: true });
    await forceRating(refunded, 1);
    await completedReading(client, reader);
    const unpaid = await completedReading(client, reader);
    await app.db
      .update(readingSessions)
      .set({ minutesCharged: 0, totalCostCents: 0, readerEarningsCents: 0 })
      .where(eq(readingSessions.id, unpaid));
    await forceRating(unpaid, 1);
    const otherReader = await createReader(app);
    await ratedReading(client, otherReader, 2, 'For the other reader');
    const active = await driver.startReading({ rateCents: 299, balanceCents: 0, client, reader });
    await forceRating(active.id, 1);

    firstPage = await reviewsOf(reader.id);
  });

  it('lists only completed readings that kept their money, newest first, with their figures', async () => {
    expect(firstPage.total).toBe(RATINGS.length);
    expect(firstPage).toMatchObject({ page: 1, pageSize: 10 });
    expect(firstPage.reviews.map((review) => review.id)).toEqual(counted.toReversed().slice(0, 10));
    expect(
      firstPage.reviews.some((review) => review.text === 'Should never show' || review.text === 'For the other reader'),
    ).toBe(false);
    const ratedAts = firstPage.reviews.map((review) => Date.parse(review.ratedAt));
    expect(ratedAts).toEqual(ratedAts.toSorted((a, b) => b - a));

    const oldest = (await reviewsOf(reader.id, '?page=2')).reviews.at(-1)!;
    expect(oldest).toMatchObject({ id: counted[0], rating: 5, text: 'Warm and precise.', sessionType: 'chat' });
    expect(firstPage.reviews.find((review) => review.id === counted[10])).toMatchObject({ rating: 1, text: '' });
  });

  it('pages by ten and keeps the total on every page', async () => {
    const second = await reviewsOf(reader.id, '?page=2');
    expect(second.reviews.map((review) => review.id)).toEqual(counted.toReversed().slice(10));
    expect(second).toMatchObject({ total: 12, page: 2, pageSize: 10 });
    const beyond = await reviewsOf(reader.id, '?page=3');
    expect(beyond).toMatchObject({ reviews: [], total: 12, page: 3 });
  });

  it('counts each number of stars, 5 to 1, and averages them as the reader rating does', async () => {
    expect(firstPage.distribution).toEqual([
      { stars: 5, count: 7 },
      { stars: 4, count: 3 },
      { stars: 3, count: 1 },
      { stars: 2, count: 0 },
      { stars: 1, count: 1 },
    ]);
    // 51 stars over 12 reviews is 4.25, shown to one decimal.
    expect(firstPage.average).toBe(4.3);
    expect((await http(app).get(`/api/readers/${reader.id}`)).body).toMatchObject({ rating: 4.3, totalReviews: 12 });
  });

  it('shows every review as Anonymous: no client agreed to publish their name', async () => {
    const answer = await http(app).get(`/api/readers/${reader.id}/reviews?page=1`);
    expect(new Set(firstPage.reviews.map((review) => review.authorName))).toEqual(new Set(['Anonymous']));
    expect(JSON.stringify(answer.body)).not.toMatch(/Zelda|Quartermaine|@test\.soultribe/);
  });

  it('agrees with the rule that lets a client rate: a rating shows exactly when it could have been given', async () => {
    const shown = new Set(
      [...firstPage.reviews, ...(await reviewsOf(reader.id, '?page=2')).reviews].map((review) => review.id),
    );
    const rated = await app.db
      .select()
      .from(readingSessions)
      .where(and(eq(readingSessions.readerId, reader.id), isNotNull(readingSessions.rating)));
    expect(rated.length).toBeGreaterThan(shown.size);
    for (const row of rated) expect(shown.has(row.id), row.id).toBe(ratingRefusal({ ...row, rating: null }) === null);
  });

  it('is empty, with no average, for a reader without reviews', async () => {
    const fresh = await createReader(app);
    expect(await reviewsOf(fresh.id)).toEqual({
      reviews: [],
      total: 0,
      page: 1,
      pageSize: 10,
      distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
      average: null,
    });
  });

  it('answers 400 for a bad page', async () => {
    for (const page of ['0', '-1', '1.5', 'two', '10001']) {
      const response = await http(app).get(`/api/readers/${reader.id}/reviews?page=${page}`);
      expect(response.status, page).toBe(400);
      expect(response.body.error.code).toBe('BAD_REQUEST');
    }
  });

  it('answers 404 for an unknown reader, a user who is not a reader, and a suspended reader', async () => {
    const suspended = await createReader(app);
    await ratedReading(await createClient(app, { balanceCents: 1000 }), suspended, 5, 'Before the suspension');
    await app.db
      .update(user)
      .set({ suspendedAt: new Date(clock.now()) })
      .where(eq(user.id, suspended.id));
    for (const id of ['no-such-reader', client.id, suspended.id]) {
      const response = await http(app).get(`/api/readers/${id}/reviews`);
      expect(response.status, id).toBe(404);
      expect(response.body.error).toEqual({ code: 'NOT_FOUND', message: 'Reader not found' });
    }
  });
});
