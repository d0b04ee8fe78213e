import { eq } from 'drizzle-orm';
import type { DirectorySort, Reader, ReaderList } from '@shared/readers';
import { beforeAll, describe, expect, it } from 'vitest';
import { readerInput } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';
import { readerProfiles, user } from '../../db/schema';
import { createWallet } from '../wallet';
import { createReader } from './create-reader';
import { passwordHasher } from '../../auth/password-hasher';

// Decision 016: the directory filters, sorts and pages on the server, against 30 readers seeded here.
const MINUTE = 60_000;
const clock = fakeClock(Date.parse('2026-03-02T10:00:00Z'));

interface Seeded {
  id: string;
  isOnline: boolean;
  ratingSum: number;
  ratingCount: number;
  yearsExperience: number;
  completedSessions: number;
  chatRateCents: number;
  specialties: string[];
}
const seeded: Seeded[] = [];
let suspendedId: string;

const SPECIALTY_SETS = [
  ['Tarot', 'Love'],
  ['Astrology'],
  ['Numerology', 'Tarot'],
  ['Runes', 'Past Lives', 'Dreams'],
  ['Mediumship'],
];
const FIRST_NAMES = ['Aurora', 'Orion', 'Luna', 'Sage', 'Kai', 'Iris'];

async function seedReader(i: number, overrides: Partial<Parameters<typeof readerInput>[0]> = {}) {
  const input = readerInput({
    firstName: FIRST_NAMES[i % FIRST_NAMES.length],
    lastName: `Seer${i}`,
    username: `seer_${i}`,
    bio: i % 3 === 0 ? 'Reads the crystal ball for lost things.' : 'Calm guidance for the road ahead.',
    specialties: SPECIALTY_SETS[i % SPECIALTY_SETS.length],
    yearsExperience: 1 + (i % 7), // ties, so the id decides among equals
    chatRateCents: 199 + (i % 4) * 100,
    ...overrides,
  });
  const { id } = await createReader(
    {
      db: app.db,
      isProduction: app.config.isProduction,
      now: new Date(app.clock.now()),
      onUserCreated: createWallet,
      passwordHasher: passwordHasher(app.config),
    },
    input,
  );
  const figures = { isOnline: i % 3 !== 2, ratingCount: (i * 7) % 11, ratingSum: 0, completedSessions: (i * 13) % 9 };
  figures.ratingSum = figures.ratingCount * (3 + (i % 3));
  await app.db.update(readerProfiles).set(figures).where(eq(readerProfiles.userId, id));
  return {
    id,
    ...figures,
    yearsExperience: input.yearsExperience,
    chatRateCents: input.chatRateCents,
    specialties: input.specialties,
  };
}

const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  seeded.push(
    await seedReader(100, {
      firstName: 'Aurora',
      lastName: 'Starweaver',
      username: 'aurora_s',
      bio: 'Tarot since childhood; 100% honest.',
    }),
    await seedReader(101, {
      firstName: 'Orion',
      lastName: 'Blackwood',
      username: 'Orion_B',
      bio: 'Old ways and RUNES.',
      specialties: ['runes', 'Energy_Work'],
    }),
  );
  for (let i = 0; i < 28; i++) seeded.push(await seedReader(i));
  const suspended = await seedReader(200, {
    firstName: 'Hidden',
    lastName: 'Suspended',
    username: 'hidden_one',
    specialties: ['Secret Arts'],
  });
  suspendedId = suspended.id;
  await app.db
    .update(user)
    .set({ suspendedAt: new Date(clock.now()) })
    .where(eq(user.id, suspendedId));
});

const list = async (query: string) => {
  const response = await http(app).get<ReaderList>(`/api/readers${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const ids = (readers: Pick<Reader, 'id'>[]) => readers.map((r) => r.id);
const usernames = (body: ReaderList) => body.readers.map((r) => r.username).sort();

const average = (r: Seeded) => (r.ratingCount === 0 ? 0 : r.ratingSum / r.ratingCount);
/** With no readings, every service part sits at its prior: only the rating's Bayesian average (10 reviews of 4 stars first) differs (docs/decisions/067). */
const bayesianStars = (r: Seeded) => (r.ratingSum + 40) / (r.ratingCount + 10);
const byId = (a: Seeded, b: Seeded) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** The orders as the product defines them, written out independently of the SQL. */
const EXPECTED: Record<DirectorySort, (a: Seeded, b: Seeded) => number> = {
  recommended: (a, b) => Number(b.isOnline) - Number(a.isOnline) || bayesianStars(b) - bayesianStars(a) || byId(a, b),
  rating: (a, b) => average(b) - average(a) || b.ratingCount - a.ratingCount || byId(a, b),
  experience: (a, b) => b.yearsExperience - a.yearsExperience || byId(a, b),
  sessions: (a, b) => b.completedSessions - a.completedSessions || byId(a, b),
  'price-asc': (a, b) => a.chatRateCents - b.chatRateCents || byId(a, b),
  'price-desc': (a, b) => b.chatRateCents - a.chatRateCents || byId(a, b),
};

describe('GET /api/readers', () => {
  it('lists every listed reader, 12 to a page by default, never a suspended one', async () => {
    const body = await list('');
    expect(body).toMatchObject({ total: 30, page: 1, pageSize: 12 });
    expect(body.readers).toHaveLength(12);
    const all = await list('?pageSize=100');
    expect(all.readers).toHaveLength(30);
    expect(ids(all.readers)).not.toContain(suspendedId);
    expect((await list('?search=hidden')).total).toBe(0);
    expect((await list('?specialty=Secret%20Arts')).total).toBe(0);
  });

  it('searches first and last names, the full name, usernames, bios and specialties, without regard to case', async () => {
    expect(usernames(await list('?search=STARWEAVER'))).toEqual(['aurora_s']);
    expect(usernames(await list('?search=aurora%20starweaver'))).toEqual(['aurora_s']);
    expect(usernames(await list('?search=orion_b'))).toEqual(['Orion_B']);
    expect(usernames(await list('?search=old%20ways'))).toEqual(['Orion_B']);
    expect(usernames(await list('?search=energy_work'))).toEqual(['Orion_B']);
    const crystal = seeded.filter((_, index) => index >= 2 && (index - 2) % 3 === 0).length;
    expect((await list('?search=Crystal%20Ball&pageSize=100')).total).toBe(crystal);
    const numerology = seeded.filter((r) => r.specialties.includes('Numerology')).length;
    expect((await list('?search=numerology')).total).toBe(numerology);
    expect((await list('?search=%20%20luna%20%20')).total).toBe(
      seeded.filter((_, index) => index >= 2 && (index - 2) % 6 === 2).length,
    );
  });

  it('takes % and _ in a search literally', async () => {
    expect(usernames(await list('?search=100%25'))).toEqual(['aurora_s']);
    expect((await list('?search=%25%25%25')).total).toBe(0);
    expect(usernames(await list('?search=s_s'))).toEqual([]);
    expect(usernames(await list('?search=a_s'))).toEqual(['aurora_s']);
  });

  it('filters by one specialty exactly, without regard to case', async () => {
    const tarot = seeded.filter((r) => r.specialties.includes('Tarot'));
    const body = await list('?specialty=tarot&pageSize=100');
    expect(ids(body.readers).sort()).toEqual(ids(tarot).sort());
    expect(body.total).toBe(tarot.length);
    expect(usernames(await list('?specialty=RUNES'))).toContain('Orion_B');
    expect((await list('?specialty=Taro')).total).toBe(0);
  });

  it('keeps online readers only with online=true, and everyone with online=false', async () => {
    const online = seeded.filter((r) => r.isOnline);
    const body = await list('?online=true&pageSize=100');
    expect(ids(body.readers).sort()).toEqual(ids(online).sort());
    expect(body.readers.every((r) => r.isOnline && r.status === 'online')).toBe(true);
    expect((await list('?online=false')).total).toBe(30);
  });

  it('combines search, specialty, online and sort', async () => {
    const expected = seeded.filter((r) => r.isOnline && r.specialties.includes('Tarot')).sort(EXPECTED['price-asc']);
    const body = await list('?search=tarot&specialty=Tarot&online=true&sort=price-asc&pageSize=100');
    expect(ids(body.readers)).toEqual(ids(expected));
  });

  it.each(Object.keys(EXPECTED) as DirectorySort[])('orders the whole directory by %s, ties by id', async (sort) => {
    const body = await list(`?sort=${sort}&pageSize=100`);
    expect(ids(body.readers)).toEqual(ids([...seeded].sort(EXPECTED[sort])));
  });

  it('pages without repeating or skipping a reader: page 2 continues page 1, the last page is short, past the end is empty', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const body = await list(`?sort=experience&pageSize=7&page=${page}`);
      expect(body).toMatchObject({ total: 30, page, pageSize: 7 });
      expect(body.readers).toHaveLength(page < 5 ? 7 : 2);
      seen.push(...ids(body.readers));
    }
    expect(seen).toEqual(ids([...seeded].sort(EXPECTED.experience)));
    const past = await list('?sort=experience&pageSize=7&page=6');
    expect(past).toEqual({ readers: [], total: 30, page: 6, pageSize: 7 });
  });

  it('accepts pageSize up to 100', async () => {
    expect((await list('?pageSize=100')).pageSize).toBe(100);
    expect((await list('?pageSize=1')).readers).toHaveLength(1);
  });

  it.each([
    ['pageSize=101', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=ten', 'pageSize'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['sort=cheapest', 'sort'],
    ['online=yes', 'online'],
    ['online=1', 'online'],
  ])('answers %s with 400 and an error only', async (query, field) => {
    const response = await http(app).get(`/api/readers?${query}`);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(['error']);
    expect(response.body.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(field) });
  });
});

describe('GET /api/readers/specialties', () => {
  it("lists every listed reader's specialties once, whatever their case, alphabetically, whatever page is shown", async () => {
    const response = await http(app).get('/api/readers/specialties');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      specialties: [
        'Astrology',
        'Dreams',
        'Energy_Work',
        'Love',
        'Mediumship',
        'Numerology',
        'Past Lives',
        'Runes',
        'Tarot',
      ],
    });
  });
});

describe('a reader in a reading', () => {
  it('is busy while the reading is active, sorted after free online readers and before offline ones, and online again after it ends', async () => {
    const driver = readingDriver(app, clock, MINUTE);
    const { id, client, reader } = await driver.startReading({ rateCents: 299, balanceCents: 10_000 });
    const find = async () => (await list('?sort=recommended&pageSize=100')).readers;

    const during = await find();
    const busyAt = during.findIndex((r) => r.id === reader.id);
    expect(during[busyAt]).toMatchObject({ isOnline: true, isBusy: true, status: 'busy' });
    expect(during.slice(0, busyAt).every((r) => r.status === 'online')).toBe(true);
    expect(during.slice(busyAt + 1).every((r) => r.status === 'offline')).toBe(true);
    expect(ids((await list('?online=true&pageSize=100')).readers)).toContain(reader.id);

    clock.advance(MINUTE / 2);
    expect((await http(app, client.cookie).post('/api/sessions/end', { sessionId: id })).status).toBe(200);
    const after = (await find()).find((r) => r.id === reader.id);
    expect(after).toMatchObject({ isOnline: true, isBusy: false, status: 'online' });
  });
});
