import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Reader, ReaderList, ReaderService } from '@shared/readers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { readingTestApp } from '../../../../tests/integration/readings';
import { readerProfiles, readingSessions, writtenReadings } from '../../db/schema';

// Decision 067: each reader's service over the last 90 days, counted by the database, on a fake clock,
// and the Recommended order built from it with the rating (docs/decisions/067).
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const { app, clock, driver } = await readingTestApp(MINUTE);
const T0 = clock.now();
const at = (msAgo: number) => new Date(T0 - msAgo);

type Outcome =
  | {
      kind: 'completed';
      acceptSeconds: number;
      endedBy?: 'reader' | 'client';
      minutes?: number;
      refundedCents?: number;
    }
  | { kind: 'declined' }
  | { kind: 'missed' }
  | { kind: 'withdrawn' };

let client: TestUser;
/** Readings as their rows would be after the flows of sessions/ (request, answer, start, end), requested `msAgo`. */
async function addReadings(readerId: string, outcomes: Outcome[], msAgo: (index: number) => number) {
  const rows = outcomes.map((outcome, index) => {
    const requestedAt = at(msAgo(index));
    const base = {
      id: randomUUID(),
      clientId: client.id,
      readerId,
      sessionType: 'chat' as const,
      ratePerMinuteCents: 299,
      requestedAt,
      expiresAt: new Date(requestedAt.getTime() + MINUTE),
    };
    if (outcome.kind === 'declined')
      return {
        ...base,
        status: 'declined' as const,
        respondedAt: new Date(requestedAt.getTime() + 5 * SECOND),
        endedAt: new Date(requestedAt.getTime() + 5 * SECOND),
        endReason: 'declined' as const,
        endedBy: readerId,
      };
    if (outcome.kind === 'missed')
      return {
        ...base,
        status: 'missed' as const,
        endedAt: new Date(requestedAt.getTime() + MINUTE),
        endReason: 'missed' as const,
      };
    // The client withdrew before the reader could answer: counted against nobody.
    if (outcome.kind === 'withdrawn')
      return {
        ...base,
        status: 'cancelled' as const,
        endedAt: new Date(requestedAt.getTime() + 20 * SECOND),
        endReason: 'cancelled' as const,
        endedBy: client.id,
      };
    const respondedAt = new Date(requestedAt.getTime() + outcome.acceptSeconds * SECOND);
    const minutes = outcome.minutes ?? 10;
    const startedAt = new Date(respondedAt.getTime() + 5 * SECOND);
    return {
      ...base,
      status: 'completed' as const,
      respondedAt,
      startedAt,
      endedAt: new Date(startedAt.getTime() + minutes * MINUTE - SECOND),
      endReason: 'completed' as const,
      endedBy: outcome.endedBy === 'reader' ? readerId : client.id,
      minutesCharged: minutes,
      totalCostCents: minutes * 299 - (outcome.refundedCents ?? 0),
      refundedCents: outcome.refundedCents ?? 0,
    };
  });
  await app.db.insert(readingSessions).values(rows);
}

/** Written questions asked `daysAgo`: answered in time, refunded when their time passed, or still pending. */
async function addQuestions(
  readerId: string,
  statuses: ('answered' | 'refunded' | 'pending')[],
  daysAgo: number,
  answerHours: 24 | 48 = 24,
) {
  const createdAt = at(daysAgo * DAY);
  const dueAt = new Date(createdAt.getTime() + answerHours * 60 * MINUTE);
  await app.db.insert(writtenReadings).values(
    statuses.map((status) => ({
      id: randomUUID(),
      clientId: client.id,
      readerId,
      question: 'What does the coming season hold for my work?',
      priceCents: 1500,
      answerHours,
      status,
      createdAt,
      dueAt,
      ...(status === 'answered' && {
        answer: 'The cards show a slow start and a strong finish: patience through the first month pays.',
        answeredAt: new Date(createdAt.getTime() + 3 * 60 * MINUTE),
      }),
      ...(status === 'refunded' && { refundedAt: dueAt }),
    })),
  );
}

const completed = (acceptSeconds: number, more: Partial<Extract<Outcome, { kind: 'completed' }>> = {}): Outcome => ({
  kind: 'completed',
  acceptSeconds,
  ...more,
});
const times = <T>(count: number, make: (index: number) => T) =>
  Array.from({ length: count }, (_, index) => make(index));

const serviceReader = (firstName: string) => createReader(app, { firstName, lastName: 'Service' });
const readers = {
  steady: await serviceReader('Steady'),
  newcomer: await serviceReader('Newcomer'),
  average: await serviceReader('Average'),
  fresh1: await serviceReader('Fresh'),
  fresh2: await serviceReader('Fresh'),
  poor: await serviceReader('Poor'),
};

beforeAll(async () => {
  client = await createClient(app, { balanceCents: 100_000 });
  const { steady, newcomer, average, poor } = readers;

  // Steady: 20 readings accepted in 2, 4, … 40 s (median 21 s); 3 declined and 2 missed (20 of 25
  // accepted); 4 requests withdrawn before an answer; of the 20 readings, 2 ended by the reader
  // within 3 minutes and 1 refunded (17 of 20 completed; a reader's end at minute 4 counts as
  // completed). The oldest, 89 days ago, is the accept in 2 s. Outside the window: 90 and 91 days ago.
  await addReadings(
    steady.id,
    times(20, (i) =>
      completed(
        2 * (i + 1),
        i === 5
          ? { endedBy: 'reader', minutes: 1 }
          : i === 9
            ? { endedBy: 'reader', minutes: 3 }
            : i === 12
              ? { refundedCents: 897, minutes: 3 }
              : i === 15
                ? { endedBy: 'reader', minutes: 4 }
                : {},
      ),
    ),
    (i) => (i === 0 ? 89 * DAY : (i + 1) * DAY),
  );
  await addReadings(
    steady.id,
    [{ kind: 'declined' }, { kind: 'declined' }, { kind: 'declined' }, { kind: 'missed' }, { kind: 'missed' }],
    (i) => (30 + i) * DAY,
  );
  await addReadings(
    steady.id,
    times(4, () => ({ kind: 'withdrawn' as const })),
    (i) => (40 + i) * DAY,
  );
  await addReadings(steady.id, [completed(1, { endedBy: 'reader', minutes: 1 }), { kind: 'declined' }], (i) =>
    i === 0 ? 90 * DAY : 91 * DAY,
  );
  // 9 answered in time, 1 refunded when its 24 hours passed; 1 pending, due in 47 hours: not counted yet.
  await addQuestions(steady.id, [...times(9, () => 'answered' as const), 'refunded'], 10);
  await addQuestions(steady.id, ['pending'], 1 / 24, 48);
  await app.db
    .update(readerProfiles)
    .set({ ratingSum: 96, ratingCount: 20 })
    .where(eq(readerProfiles.userId, steady.id));

  // Newcomer: 3 good readings, accepted in 10 s: every figure below the minimum of 10.
  await addReadings(
    newcomer.id,
    times(3, () => completed(10)),
    (i) => (i + 1) * DAY,
  );

  // Average: exactly the priors (18 of 20 completed, 20 of 25 accepted in 30 s, 9 of 10 written on
  // time, 4 stars), so the same score as a reader with nothing counted: a tie.
  await addReadings(
    average.id,
    times(20, (i) => completed(30, i < 2 ? { endedBy: 'reader', minutes: 2 } : {})),
    (i) => (i + 1) * DAY,
  );
  await addReadings(
    average.id,
    times(5, (i) => ({ kind: i < 3 ? ('declined' as const) : ('missed' as const) })),
    (i) => (i + 30) * DAY,
  );
  await addQuestions(average.id, [...times(9, () => 'answered' as const), 'refunded'], 5);
  await app.db
    .update(readerProfiles)
    .set({ ratingSum: 48, ratingCount: 12 })
    .where(eq(readerProfiles.userId, average.id));

  // Poor: 10 of 20 accepted, in 50 s; 5 of the 10 readings ended by the reader in minute 1; 3 stars.
  await addReadings(
    poor.id,
    times(10, (i) => completed(50, i < 5 ? { endedBy: 'reader', minutes: 1 } : {})),
    (i) => (i + 1) * DAY,
  );
  await addReadings(
    poor.id,
    times(10, (i) => ({ kind: i < 5 ? ('declined' as const) : ('missed' as const) })),
    (i) => (i + 1) * DAY,
  );
  await app.db.update(readerProfiles).set({ ratingSum: 60, ratingCount: 20 }).where(eq(readerProfiles.userId, poor.id));
});

const directory = async (query = '') => {
  const response = await http(app).get<ReaderList>(`/api/readers?pageSize=100${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.readers;
};
const serviceIn = (list: Reader[], reader: TestUser) => list.find((r) => r.id === reader.id)?.service;
const profileService = async (reader: TestUser) => {
  const [row] = await app.db
    .select({ username: readerProfiles.username })
    .from(readerProfiles)
    .where(eq(readerProfiles.userId, reader.id));
  const response = await http(app).get<Reader>(`/api/readers/by-username/${row!.username}`);
  expect(response.status).toBe(200);
  return response.body.service;
};

const NOTHING: ReaderService = {
  acceptanceRate: null,
  medianAcceptSeconds: null,
  completionRate: null,
  writtenOnTimeRate: null,
  readingsCounted: 0,
};

describe('service figures, from the last 90 days', () => {
  it('counts each figure exactly, on the directory and on the profile alike', async () => {
    const list = await directory();
    const expected: Record<keyof typeof readers, ReaderService> = {
      steady: {
        acceptanceRate: 0.8,
        medianAcceptSeconds: 21,
        completionRate: 0.85,
        writtenOnTimeRate: 0.9,
        readingsCounted: 20,
      },
      newcomer: { ...NOTHING, readingsCounted: 3 },
      average: {
        acceptanceRate: 0.8,
        medianAcceptSeconds: 30,
        completionRate: 0.9,
        writtenOnTimeRate: 0.9,
        readingsCounted: 20,
      },
      fresh1: NOTHING,
      fresh2: NOTHING,
      poor: {
        acceptanceRate: 0.5,
        medianAcceptSeconds: 50,
        completionRate: 0.5,
        writtenOnTimeRate: null,
        readingsCounted: 10,
      },
    };
    for (const name of Object.keys(readers) as (keyof typeof readers)[]) {
      expect(serviceIn(list, readers[name]), name).toEqual(expected[name]);
      expect(await profileService(readers[name]), name).toEqual(expected[name]);
    }
  });

  it('orders Recommended by the score: a new reader mid-table, equal scores by readings counted, then by id', async () => {
    const order = (await directory('&sort=recommended')).map((r) => r.id);
    const [first, second] = [readers.fresh1.id, readers.fresh2.id].sort();
    // steady 0.8367, newcomer 0.8015, average = fresh1 = fresh2 = 0.78 (the priors), poor 0.6167.
    expect(order).toEqual([readers.steady.id, readers.newcomer.id, readers.average.id, first, second, readers.poor.id]);
    expect(await directory()).toEqual(await directory('&sort=recommended'));
  });

  it('changes when an event leaves the window, with nothing written', async () => {
    clock.advance(DAY + SECOND);
    // The accept in 2 s, 89 days ago, is now older than 90 days: 19 of 24 accepted, in 4 … 40 s.
    expect(serviceIn(await directory(), readers.steady)).toEqual({
      acceptanceRate: 19 / 24,
      medianAcceptSeconds: 22,
      completionRate: 16 / 19,
      writtenOnTimeRate: 0.9,
      readingsCounted: 19,
    });
  });

  it('changes on the next request when a reading the reader ended early is over', async () => {
    await directory();
    const reader = readers.steady;
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const requested = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(requested.status).toBe(201);
    const id = requested.body.id as string;
    clock.advance(10 * SECOND);
    expect(
      (await http(app, reader.cookie).post('/api/sessions/respond', { sessionId: id, response: 'accept' })).status,
    ).toBe(200);
    await driver.heartbeat(id);
    expect((await http(app, client.cookie).post('/api/sessions/start', { sessionId: id })).status).toBe(200);
    clock.advance(30 * SECOND);
    expect((await http(app, reader.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
    // 20 of 25 accepted, in 4 … 40 s and 10 s (median 21 s); 16 of 20 completed.
    expect(serviceIn(await directory(), reader)).toEqual({
      acceptanceRate: 0.8,
      medianAcceptSeconds: 21,
      completionRate: 0.8,
      writtenOnTimeRate: 0.9,
      readingsCounted: 20,
    });
  });

  it('changes on the next request when the reader declines a request', async () => {
    await directory();
    const reader = readers.steady;
    const requested = await http(app, client.cookie).post('/api/sessions/request', {
      readerId: reader.id,
      sessionType: 'chat',
    });
    expect(requested.status).toBe(201);
    expect(
      (
        await http(app, reader.cookie).post('/api/sessions/respond', {
          sessionId: requested.body.id,
          response: 'decline',
        })
      ).status,
    ).toBe(200);
    expect(serviceIn(await directory(), reader)).toMatchObject({ acceptanceRate: 20 / 26, readingsCounted: 20 });
  });

  it('does not hold against a reader the readings they ended early with a client they blocked, from the next request', async () => {
    await directory();
    const reader = readers.steady;
    expect((await http(app, reader.cookie).post('/api/blocks', { userId: client.id })).status).toBe(201);
    // The three readings Steady ended within 3 minutes were all with this client: 16 of 17 completed.
    await expect
      .poll(async () => serviceIn(await directory(), reader), { timeout: 10_000 })
      .toMatchObject({ completionRate: 16 / 17, readingsCounted: 17 });
    expect((await http(app, reader.cookie).delete(`/api/blocks/${client.id}`)).status).toBe(204);
    await expect
      .poll(async () => serviceIn(await directory(), reader), { timeout: 10_000 })
      .toMatchObject({ completionRate: 16 / 20, readingsCounted: 20 });
  });
});
