import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readerFollows } from '../../db/schema';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';

const clock = fakeClock(Date.now());
const app = await testApp({ clock, runScheduler: false });

const follow = (user: TestUser, readerId: string) => http(app, user.cookie).put(`/api/follows/${readerId}`);
const unfollow = (user: TestUser, readerId: string) => http(app, user.cookie).delete(`/api/follows/${readerId}`);
const stateOf = (user: TestUser, readerId: string) => http(app, user.cookie).get(`/api/follows/${readerId}`);

describe('PUT and DELETE /api/follows/:readerId', () => {
  it('are idempotent and answer the state with the follower count', async () => {
    const reader = await createReader(app);
    const [first, second] = [await createClient(app), await createClient(app)];
    expect(await follow(first, reader.id)).toMatchObject({ status: 200, body: { following: true, followerCount: 1 } });
    expect(await follow(first, reader.id)).toMatchObject({ status: 200, body: { following: true, followerCount: 1 } });
    expect(await follow(second, reader.id)).toMatchObject({ status: 200, body: { following: true, followerCount: 2 } });
    expect(await app.db.select().from(readerFollows).where(eq(readerFollows.readerId, reader.id))).toHaveLength(2);
    expect((await stateOf(first, reader.id)).body).toEqual({ following: true, followerCount: 2 });

    expect(await unfollow(first, reader.id)).toMatchObject({
      status: 200,
      body: { following: false, followerCount: 1 },
    });
    expect(await unfollow(first, reader.id)).toMatchObject({
      status: 200,
      body: { following: false, followerCount: 1 },
    });
    expect((await stateOf(first, reader.id)).body).toEqual({ following: false, followerCount: 1 });
  });

  it('let a reader or an admin follow a reader too', async () => {
    const reader = await createReader(app);
    for (const user of [await createReader(app), await createAdmin(app)]) {
      expect((await follow(user, reader.id)).body.following).toBe(true);
    }
  });

  it('answer 400 to a reader following themself, and write nothing', async () => {
    const reader = await createReader(app);
    for (const answer of [await follow(reader, reader.id), await unfollow(reader, reader.id)]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe('You cannot follow yourself');
    }
    expect(await app.db.select().from(readerFollows).where(eq(readerFollows.followerId, reader.id))).toEqual([]);
  });

  it('answer 404 for an unknown id and for a user who is not a reader', async () => {
    const client = await createClient(app);
    const other = await createClient(app);
    for (const id of ['no-such-reader', other.id]) {
      for (const answer of [await follow(client, id), await unfollow(client, id), await stateOf(client, id)]) {
        expect(answer.status, id).toBe(404);
        expect(answer.body.error.code).toBe('NOT_FOUND');
      }
    }
    expect(await app.db.select().from(readerFollows).where(eq(readerFollows.followerId, client.id))).toEqual([]);
  });

  it('answer 404 to following a suspended reader, who drops out of the Following list but can still be unfollowed', async () => {
    const admin = await createAdmin(app);
    const client = await createClient(app);
    const reader = await createReader(app);
    await follow(client, reader.id);
    expect((await http(app, admin.cookie).post(`/api/admin/users/${reader.id}/suspend`)).status).toBe(200);
    expect((await follow(client, reader.id)).status).toBe(404);
    expect((await stateOf(client, reader.id)).status).toBe(404);
    expect((await http(app, client.cookie).get('/api/follows')).body.readers).toEqual([]);
    expect(await unfollow(client, reader.id)).toMatchObject({
      status: 200,
      body: { following: false, followerCount: 0 },
    });
    expect(
      await app.db
        .select()
        .from(readerFollows)
        .where(and(eq(readerFollows.followerId, client.id), eq(readerFollows.readerId, reader.id))),
    ).toEqual([]);
  });

  it('are for signed-in users: 401 otherwise', async () => {
    const reader = await createReader(app);
    for (const answer of [
      await http(app).put(`/api/follows/${reader.id}`),
      await http(app).delete(`/api/follows/${reader.id}`),
      await http(app).get(`/api/follows/${reader.id}`),
      await http(app).get('/api/follows'),
    ]) {
      expect(answer.status).toBe(401);
    }
  });
});

describe('GET /api/follows', () => {
  it('lists the followed readers, the latest followed first, with their presence', async () => {
    const client = await createClient(app);
    const earlier = await createReader(app, { firstName: 'Ada', lastName: 'Moon' });
    const later = await createReader(app);
    await follow(client, earlier.id);
    await http(app, later.cookie).patch('/api/readers/me', { isOnline: true });
    clock.advance(1000);
    await follow(client, later.id);
    const { status, body } = await http(app, client.cookie).get('/api/follows');
    expect(status).toBe(200);
    expect(body.readers.map((r: { id: string; isOnline: boolean }) => [r.id, r.isOnline])).toEqual([
      [later.id, true],
      [earlier.id, false],
    ]);
    expect(body.readers[1]).toEqual({
      id: earlier.id,
      fullName: 'Ada Moon',
      username: expect.any(String),
      profileImage: null,
      isOnline: false,
    });
  });
});
