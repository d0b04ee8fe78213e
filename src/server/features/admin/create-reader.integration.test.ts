import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { createAdmin, createClient, readerInput, signIn, type TestUser } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';

let admin: TestUser;
const app = await testApp();
beforeAll(async () => {
  admin = await createAdmin(app);
});

const userCount = async () => (await app.db.select({ n: count() }).from(user))[0]!.n;

describe('POST /api/admin/readers', () => {
  it('creates a reader who can sign in and is listed', async () => {
    const input = readerInput({
      firstName: 'Selene',
      lastName: 'Moon',
      specialties: ['Tarot', 'Runes'],
      profileImage: 'https://images.example/selene.png',
    });
    const response = await http(app, admin.cookie).post('/api/admin/readers', input);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      fullName: 'Selene Moon',
      username: input.username,
      chatRateCents: 299,
      isOnline: false,
      specialties: ['Tarot', 'Runes'],
    });

    const cookie = await signIn(app, input.email, input.password);
    const profile = await http(app, cookie).get('/api/auth/profile');
    expect(profile.body).toMatchObject({
      id: response.body.id,
      role: 'reader',
      avatarUrl: 'https://images.example/selene.png',
    });

    const list = await http(app, admin.cookie).get('/api/admin/readers');
    expect(list.body.readers.map((r: { id: string }) => r.id)).toContain(response.body.id);
  });

  it('refuses bad fields with messages and creates nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'short' }, 'password'],
      [{ chatRateCents: 98 }, 'chatRateCents'],
      [{ audioRateCents: 10000 }, 'audioRateCents'],
      [{ videoRateCents: 4.5 }, 'videoRateCents'],
      [{ videoRateCents: '499' }, 'videoRateCents'],
      [{ profileImage: 'not a url' }, 'profileImage'],
      [{ email: 'nope' }, 'email'],
      [{ specialties: [] }, 'specialties'],
    ];
    for (const [override, field] of cases) {
      const response = await http(app, admin.cookie).post('/api/admin/readers', { ...readerInput(), ...override });
      expect(response.status, JSON.stringify(override)).toBe(400);
      expect(response.body.error.fields[field], JSON.stringify(response.body)).toBeTruthy();
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken email or username and leaves no half-made account', async () => {
    const first = readerInput();
    expect((await http(app, admin.cookie).post('/api/admin/readers', first)).status).toBe(201);
    const before = await userCount();

    const sameEmail = await http(app, admin.cookie).post('/api/admin/readers', readerInput({ email: first.email }));
    expect(sameEmail.status).toBe(400);
    expect(sameEmail.body.error.fields.email).toBeTruthy();

    const sameUsername = await http(app, admin.cookie).post(
      '/api/admin/readers',
      readerInput({ username: first.username.toUpperCase() }),
    );
    expect(sameUsername.status).toBe(400);
    expect(sameUsername.body.error.fields.username).toBeTruthy();
    expect(await userCount()).toBe(before);
  });

  it('is for admins only', async () => {
    const client: TestUser = await createClient(app);
    expect((await http(app).post('/api/admin/readers', readerInput())).status).toBe(401);
    expect((await http(app, client.cookie).post('/api/admin/readers', readerInput())).status).toBe(403);
    const [row] = await app.db.select({ n: count() }).from(user).where(eq(user.role, 'reader'));
    expect(row!.n).toBeGreaterThan(0);
  });
});
