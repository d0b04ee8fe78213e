import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CommunityPost, PostThread } from '@shared/community';
import { TWO_FACTOR_REQUIRED_MESSAGE } from '@shared/errors';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { type HttpResponse, http } from '../../../../tests/integration/http';
import { insertStream } from '../../../../tests/integration/live-stream-rows';
import { registeredRoutes } from '../../../../tests/integration/registered-routes';
import { testApp } from '../../../../tests/integration/test-app';
import { enableTwoFactor } from '../../../../tests/integration/totp';
import { communityPosts, communityReplies, liveStreams, streamMessages, streamMutes } from '../../db/schema';

/*
 * With REQUIRE_ADMIN_2FA on (decision 028), /api/admin/* refused an admin without two-factor,
 * but the powers reached through routes open to every signed-in user (ending a stream, muting,
 * removing a chat message, reading someone else's reading) did not ask.
 */
const clock = fakeClock(Date.parse('2026-11-24T12:00:00Z'));
let locked: TestUser;
let unlockedCookie: string;
let author: TestUser;
let viewer: TestUser;
let reader: TestUser;
let streamId: string;
let readingId: string;

const app = await testApp({ clock, runScheduler: false, runMailWorker: false, env: { REQUIRE_ADMIN_2FA: 'true' } });
beforeAll(async () => {
  locked = await createAdmin(app);
  unlockedCookie = await enableTwoFactor(app, await createAdmin(app));
  author = await createClient(app, { name: 'Iris Moonfield' });
  viewer = await createClient(app, { balanceCents: 5000 });
  reader = await createReader(app, { chatRateCents: 299 });
  streamId = await insertStream(app, reader.id);
  expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
  const requested = await http(app, viewer.cookie).post('/api/sessions/request', {
    readerId: reader.id,
    sessionType: 'chat',
  });
  expect(requested.status).toBe(201);
  readingId = requested.body.id;
});

const newPost = async () => {
  const created = await http(app, author.cookie).post<CommunityPost>('/api/community/posts', {
    title: 'Which crystal for sleep?',
    content: 'Amethyst under the pillow, or is that a myth?',
    category: 'Crystal Healing',
  });
  expect(created.status).toBe(201);
  return created.body.id;
};
const newReply = async () => {
  const created = await http(app, viewer.cookie).post(`/api/community/posts/${await newPost()}/replies`, {
    content: 'Lepidolite works for me.',
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
};
const postRow = async (id: string) => (await app.db.select().from(communityPosts).where(eq(communityPosts.id, id)))[0];
const replyRow = async (id: string) =>
  (await app.db.select().from(communityReplies).where(eq(communityReplies.id, id)))[0];
const mutes = (stream: string) =>
  app.db.select({ userId: streamMutes.userId }).from(streamMutes).where(eq(streamMutes.streamId, stream));

interface Attempt {
  call: (cookie: string) => Promise<HttpResponse<any>>;
  /** What the power changes, read straight from the database; absent for a power that only reads. */
  observe?: () => Promise<unknown>;
  /** The answer once the admin's powers are unlocked. */
  status: number;
}
/** Sets up a fresh target for one attempt at the power. */
type Power = [name: string, prepare: () => Promise<Attempt>];

/** Every power an admin has over other people outside /api/admin (those are checked route by route below). A new power is one row. */
const POWERS: Power[] = [
  [
    'pin a post',
    async () => {
      const id = await newPost();
      return {
        call: (cookie) => http(app, cookie).patch(`/api/community/posts/${id}/moderation`, { isPinned: true }),
        observe: async () => (await postRow(id))?.isPinned,
        status: 200,
      };
    },
  ],
  [
    'feature a post',
    async () => {
      const id = await newPost();
      return {
        call: (cookie) => http(app, cookie).patch(`/api/community/posts/${id}/moderation`, { isFeatured: true }),
        observe: async () => (await postRow(id))?.isFeatured,
        status: 200,
      };
    },
  ],
  [
    'hide a post',
    async () => {
      const id = await newPost();
      return {
        call: (cookie) =>
          http(app, cookie).patch(`/api/community/posts/${id}/moderation`, {
            isHidden: true,
            reason: 'Off topic for this category',
          }),
        observe: async () => (await postRow(id))?.hiddenAt,
        status: 200,
      };
    },
  ],
  [
    'remove a post',
    async () => {
      const id = await newPost();
      return {
        call: (cookie) => http(app, cookie).post(`/api/community/posts/${id}/removal`, { reason: 'Spam' }),
        observe: async () => (await postRow(id))?.removedAt,
        status: 204,
      };
    },
  ],
  [
    'hide a reply',
    async () => {
      const id = await newReply();
      return {
        call: (cookie) =>
          http(app, cookie).patch(`/api/community/replies/${id}/moderation`, { isHidden: true, reason: 'Be kind' }),
        observe: async () => (await replyRow(id))?.hiddenAt,
        status: 200,
      };
    },
  ],
  [
    'remove a reply',
    async () => {
      const id = await newReply();
      return {
        call: (cookie) => http(app, cookie).post(`/api/community/replies/${id}/removal`, { reason: 'Spam' }),
        observe: async () => (await replyRow(id))?.removedAt,
        status: 204,
      };
    },
  ],
  [
    'end a reader’s stream',
    async () => {
      const id = await insertStream(app, (await createReader(app)).id);
      const status = async () =>
        (await app.db.select({ status: liveStreams.status }).from(liveStreams).where(eq(liveStreams.id, id)))[0]
          ?.status;
      return { call: (cookie) => http(app, cookie).post(`/api/live/streams/${id}/end`), observe: status, status: 200 };
    },
  ],
  [
    'mute a viewer in a stream',
    async () => {
      const muted = await createClient(app);
      return {
        call: (cookie) => http(app, cookie).put(`/api/live/streams/${streamId}/mutes/${muted.id}`),
        observe: async () => (await mutes(streamId)).some((m) => m.userId === muted.id),
        status: 204,
      };
    },
  ],
  [
    'unmute a viewer in a stream',
    async () => {
      const muted = await createClient(app);
      await app.db.insert(streamMutes).values({ streamId, userId: muted.id });
      return {
        call: (cookie) => http(app, cookie).delete(`/api/live/streams/${streamId}/mutes/${muted.id}`),
        observe: async () => (await mutes(streamId)).some((m) => m.userId === muted.id),
        status: 204,
      };
    },
  ],
  [
    'remove a stream chat message',
    async () => {
      const id = randomUUID();
      await app.db
        .insert(streamMessages)
        .values({ id, streamId, userId: viewer.id, content: 'Hello from the front row' });
      const removedAt = async () =>
        (
          await app.db
            .select({ removedAt: streamMessages.removedAt })
            .from(streamMessages)
            .where(and(eq(streamMessages.id, id)))
        )[0]?.removedAt;
      return {
        call: (cookie) => http(app, cookie).delete(`/api/live/streams/${streamId}/messages/${id}`),
        observe: removedAt,
        status: 204,
      };
    },
  ],
  [
    'read someone else’s reading',
    async () => ({ call: (cookie) => http(app, cookie).get(`/api/sessions/${readingId}`), status: 200 }),
  ],
  [
    'read someone else’s reading details',
    async () => ({ call: (cookie) => http(app, cookie).get(`/api/sessions/${readingId}/details`), status: 200 }),
  ],
  [
    'read someone else’s receipt',
    async () => ({ call: (cookie) => http(app, cookie).get(`/api/sessions/${readingId}/receipt`), status: 200 }),
  ],
  [
    'read someone else’s reading chat',
    async () => ({ call: (cookie) => http(app, cookie).get(`/api/sessions/${readingId}/messages`), status: 200 }),
  ],
];

const TWO_FACTOR_REQUIRED = { code: 'TWO_FACTOR_REQUIRED', message: TWO_FACTOR_REQUIRED_MESSAGE };

describe('an admin without two-factor while it is required (REQUIRE_ADMIN_2FA)', () => {
  it.each(POWERS)(
    'cannot %s: 403 TWO_FACTOR_REQUIRED and nothing changes; with two-factor on, it works',
    async (_name, prepare) => {
      const refused = await prepare();
      const before = await refused.observe?.();
      const answer = await refused.call(locked.cookie);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 403,
        body: { error: TWO_FACTOR_REQUIRED },
      });
      expect(await refused.observe?.()).toEqual(before);

      const allowed = await prepare();
      const untouched = await allowed.observe?.();
      const done = await allowed.call(unlockedCookie);
      expect(done.status, JSON.stringify(done.body)).toBe(allowed.status);
      if (allowed.observe) expect(await allowed.observe()).not.toEqual(untouched);
    },
  );

  it('is refused every admin endpoint the same way', async () => {
    const routes = registeredRoutes(app, '/api/admin');
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', string];
      const url = path.replaceAll(':id', randomUUID());
      const as = http(app, locked.cookie);
      const answer = await (method === 'GET'
        ? as.get(url)
        : method === 'DELETE'
          ? as.delete(url)
          : as[method.toLowerCase() as 'post' | 'patch' | 'put'](url, {}));
      expect({ route, status: answer.status, body: answer.body }).toEqual({
        route,
        status: 403,
        body: { error: TWO_FACTOR_REQUIRED },
      });
    }
  });

  it('sees the forum and the shop as any member does, without what only admins see', async () => {
    const id = await newPost();
    expect(
      (
        await http(app, unlockedCookie).patch(`/api/community/posts/${id}/moderation`, {
          isHidden: true,
          reason: 'Needs a second look',
        })
      ).status,
    ).toBe(200);
    expect((await http(app, locked.cookie).get(`/api/community/posts/${id}`)).status).toBe(404);
    expect(
      (await http(app, unlockedCookie).get<PostThread>(`/api/community/posts/${id}`)).body.post.moderation,
    ).toEqual({ action: 'hidden', reason: 'Needs a second look' });

    const product = await http(app, reader.cookie).post('/api/shop/products', {
      name: 'Selenite wand',
      priceCents: 1200,
      category: 'Crystals',
      isDigital: false,
      stock: 2,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    expect(
      (
        await http(app, unlockedCookie).patch(`/api/admin/shop/products/${product.body.id}`, {
          isHidden: true,
          reason: 'Sold elsewhere for less',
        })
      ).status,
    ).toBe(200);
    const listed = async (cookie: string) =>
      (await http(app, cookie).get('/api/shop/products?search=Selenite')).body.products.map(
        (p: { id: string }) => p.id,
      );
    expect(await listed(locked.cookie)).toEqual([]);
    expect(await listed(unlockedCookie)).toEqual([product.body.id]);
  });
});

describe('an admin with two-factor on', () => {
  it('cannot edit someone else’s post, hidden or not: 403, and it reads as its author wrote it', async () => {
    const id = await newPost();
    const edit = {
      title: 'Edited by a moderator',
      content: 'These are not the author’s words.',
      category: 'Crystal Healing',
    };
    for (const cookie of [unlockedCookie, locked.cookie]) {
      const answer = await http(app, cookie).patch(`/api/community/posts/${id}`, edit);
      expect({ status: answer.status, code: answer.body.error.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect((await http(app, cookie).delete(`/api/community/posts/${id}`)).status).toBe(403);
    }
    const seen = (await http(app).get<PostThread>(`/api/community/posts/${id}`)).body.post;
    expect({ title: seen.title, content: seen.content, author: seen.author.name }).toEqual({
      title: 'Which crystal for sleep?',
      content: 'Amethyst under the pillow, or is that a myth?',
      author: 'Iris M.',
    });
  });

  it('removes a post with a reason that its author, and only its author, reads', async () => {
    const id = await newPost();
    expect(
      (
        await http(app, unlockedCookie).post(`/api/community/posts/${id}/removal`, {
          reason: 'Medical claims are not allowed here.',
        })
      ).status,
    ).toBe(204);
    const own = (await http(app, author.cookie).get<PostThread>(`/api/community/posts/${id}`)).body.post;
    expect({ content: own.content, moderation: own.moderation }).toEqual({
      content: 'Amethyst under the pillow, or is that a myth?',
      moderation: { action: 'removed', reason: 'Medical claims are not allowed here.' },
    });
    expect((await http(app, viewer.cookie).get(`/api/community/posts/${id}`)).status).toBe(404);
  });
});
