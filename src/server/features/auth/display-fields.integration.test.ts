import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createClient,
  createReader,
  readerInput,
  type TestUser,
} from '../../../../tests/integration/factories';
import { http, type HttpResponse } from '../../../../tests/integration/http';
import { createTestApp, type TestApp } from '../../../../tests/integration/test-app';
import { readerProfiles, user } from '../../db/schema';

/**
 * A display name is 1–60 characters after trimming and a picture is an http(s) address,
 * https in production, whatever route sets them, Better Auth's own endpoints included (reached by
 * any path: here called directly, as a path trick would reach them).
 */

const NAME_60 = `${'N'.repeat(30)} ${'M'.repeat(29)}`;
const NAME_61 = `${'N'.repeat(31)} ${'M'.repeat(29)}`;
const unique = () => Math.random().toString(36).slice(2, 10);

interface Actors {
  client: TestUser;
  admin: TestUser;
  reader: TestUser;
}

/** One route that can set a display name or a picture, trying `value`. */
type Setter = (app: TestApp, actors: Actors, value: string) => Promise<HttpResponse>;

/** A Better Auth Response read into the shape `http()` gives. */
async function fromResponse(response: Response): Promise<HttpResponse> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: {} };
}

const signUpBody = (name: string) => ({ name, email: `named-${unique()}@example.com`, password: 'long-enough' });
const [first, last] = [(name: string) => name.split(' ')[0]!, (name: string) => name.split(' ')[1]!];

const NAME_ROUTES: [string, Setter][] = [
  ['POST /api/auth/sign-up/email', (app, _, name) => http(app).post('/api/auth/sign-up/email', signUpBody(name))],
  [
    "Better Auth's sign-up, any path",
    async (app, _, name) => fromResponse(await app.auth.api.signUpEmail({ body: signUpBody(name), asResponse: true })),
  ],
  [
    'POST /api/auth/update-user',
    (app, { client }, name) => http(app, client.cookie).post('/api/auth/update-user', { name }),
  ],
  [
    "Better Auth's update-user, any path",
    async (app, { client }, name) =>
      fromResponse(
        await app.auth.api.updateUser({
          body: { name },
          headers: new Headers({ cookie: client.cookie }),
          asResponse: true,
        }),
      ),
  ],
  [
    'POST /api/admin/readers',
    (app, { admin }, name) =>
      http(app, admin.cookie).post('/api/admin/readers', readerInput({ firstName: first(name), lastName: last(name) })),
  ],
  [
    'PATCH /api/admin/readers/:id',
    (app, { admin, reader }, name) =>
      http(app, admin.cookie).patch(`/api/admin/readers/${reader.id}`, {
        firstName: first(name),
        lastName: last(name),
      }),
  ],
];

const IMAGE_ROUTES: [string, Setter][] = [
  [
    "Better Auth's sign-up, any path",
    async (app, _, image) =>
      fromResponse(await app.auth.api.signUpEmail({ body: { ...signUpBody('Pic Seeker'), image }, asResponse: true })),
  ],
  [
    'POST /api/auth/update-user',
    (app, { client }, image) => http(app, client.cookie).post('/api/auth/update-user', { image }),
  ],
  [
    "Better Auth's update-user, any path",
    async (app, { client }, image) =>
      fromResponse(
        await app.auth.api.updateUser({
          body: { image },
          headers: new Headers({ cookie: client.cookie }),
          asResponse: true,
        }),
      ),
  ],
  [
    'POST /api/admin/readers',
    (app, { admin }, image) => http(app, admin.cookie).post('/api/admin/readers', readerInput({ profileImage: image })),
  ],
  [
    'PATCH /api/admin/readers/:id',
    (app, { admin, reader }, image) =>
      http(app, admin.cookie).patch(`/api/admin/readers/${reader.id}`, { profileImage: image }),
  ],
  [
    'PATCH /api/readers/me',
    (app, { reader }, image) => http(app, reader.cookie).patch('/api/readers/me', { profileImage: image }),
  ],
];

/** Every account's name and picture, and every reader's names and picture. */
async function namesAndImages(app: TestApp) {
  return {
    users: await app.db.select({ id: user.id, name: user.name, image: user.image }).from(user).orderBy(asc(user.id)),
    readers: await app.db
      .select({
        id: readerProfiles.userId,
        firstName: readerProfiles.firstName,
        lastName: readerProfiles.lastName,
        image: readerProfiles.profileImage,
      })
      .from(readerProfiles)
      .orderBy(asc(readerProfiles.userId)),
  };
}

async function expectRefused(app: TestApp, actors: Actors, routes: [string, Setter][], value: string) {
  for (const [label, set] of routes) {
    const before = await namesAndImages(app);
    const response = await set(app, actors, value);
    expect({ label, value, status: response.status }).toEqual({ label, value, status: 400 });
    expect(await namesAndImages(app), label).toEqual(before);
  }
}

async function expectAccepted(
  app: TestApp,
  actors: Actors,
  routes: [string, Setter][],
  value: string,
  stored: (rows: Awaited<ReturnType<typeof namesAndImages>>) => unknown[],
) {
  for (const [label, set] of routes) {
    const response = await set(app, actors, value);
    expect(
      { label, value, ok: response.status === 200 || response.status === 201 },
      JSON.stringify(response.body),
    ).toEqual({ label, value, ok: true });
    expect(stored(await namesAndImages(app)), label).toContain(value);
  }
}

async function actorsOf(app: TestApp): Promise<Actors> {
  return {
    client: await createClient(app),
    admin: await createAdmin(app),
    reader: await createReader(app, { profileImage: 'https://images.example/before.png' }),
  };
}

describe('display names and pictures outside production', () => {
  let app: TestApp;
  let actors: Actors;
  beforeAll(async () => {
    app = await createTestApp({ runMailWorker: false });
    actors = await actorsOf(app);
  });
  afterAll(() => app.close());

  it('refuses a 61-character name on every route that sets one, and changes nothing', async () => {
    await expectRefused(app, actors, NAME_ROUTES, NAME_61);
    await expectRefused(app, actors, NAME_ROUTES, '   ');
  });

  it('refuses a javascript: picture on every route that sets one, and changes nothing', async () => {
    await expectRefused(app, actors, IMAGE_ROUTES, 'javascript:alert(document.cookie)');
  });

  it('takes a 60-character name, and an http or https picture', async () => {
    await expectAccepted(app, actors, NAME_ROUTES, NAME_60, (rows) => rows.users.map((u) => u.name));
    await expectAccepted(app, actors, IMAGE_ROUTES, 'http://images.example/dev.png', (rows) =>
      [...rows.users, ...rows.readers].map((r) => r.image),
    );
    await expectAccepted(app, actors, IMAGE_ROUTES, 'https://images.example/any.png', (rows) =>
      [...rows.users, ...rows.readers].map((r) => r.image),
    );
  });

  it('stores a name trimmed, and keeps an admin edit from making a kept long name longer than 60', async () => {
    const response = await http(app, actors.client.cookie).post('/api/auth/update-user', { name: '  Spaced Seeker  ' });
    expect(response.status).toBe(200);
    expect((await http(app, actors.client.cookie).get('/api/auth/profile')).body.fullName).toBe('Spaced Seeker');

    // A first name stored before the limits were lowered.
    const reader = await createReader(app, { lastName: 'Short' });
    await app.db
      .update(readerProfiles)
      .set({ firstName: 'F'.repeat(50) })
      .where(eq(readerProfiles.userId, reader.id));
    const before = await namesAndImages(app);
    const edit = await http(app, actors.admin.cookie).patch(`/api/admin/readers/${reader.id}`, {
      lastName: 'L'.repeat(20),
    });
    expect(edit.status).toBe(400);
    expect(edit.body.error.fields.lastName).toBe('Name must be at most 60 characters');
    expect(await namesAndImages(app)).toEqual(before);
  });
});

describe('pictures in production', () => {
  let app: TestApp;
  let actors: Actors;
  beforeAll(async () => {
    // What production requires, as a staging site sets it: the sandbox on purpose, mail kept locally.
    const staging = { PAYMENTS_PROVIDER: 'sandbox', ALLOW_TEST_PAYMENTS: 'true', MAIL_TRANSPORT: 'mailbox' };
    app = await createTestApp({
      runMailWorker: false,
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'a-production-secret-of-32-characters-at-least',
        REQUIRE_ADMIN_2FA: 'false',
        ...staging,
      },
    });
    actors = await actorsOf(app);
  });
  afterAll(() => app.close());

  it('refuses an http picture on every route that sets one, and changes nothing', async () => {
    expect(app.config.isProduction).toBe(true);
    await expectRefused(app, actors, IMAGE_ROUTES, 'http://images.example/mixed.png');
  });

  it('takes an https picture', async () => {
    await expectAccepted(app, actors, IMAGE_ROUTES, 'https://images.example/secure.png', (rows) =>
      [...rows.users, ...rows.readers].map((r) => r.image),
    );
  });
});
