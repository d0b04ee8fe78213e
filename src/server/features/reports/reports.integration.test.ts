import { randomUUID } from 'node:crypto';
import type { OpenReport } from '@shared/reports';
import { readerReviewsSchema } from '@shared/reviews';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { readingDriver } from '../../../../tests/integration/readings';
import { testApp } from '../../../../tests/integration/test-app';
import { liveStreams, streamMessages } from '../../db/schema';

const MINUTE = 60_000;
const clock = fakeClock(Date.parse('2026-11-20T12:00:00Z'));
let driver: ReturnType<typeof readingDriver>;
let author: TestUser;
let reporter: TestUser;
let second: TestUser;
let admin: TestUser;
const app = await testApp({ clock, runScheduler: false, env: { BILLING_MINUTE_MS: String(MINUTE) } });
beforeAll(async () => {
  driver = readingDriver(app, clock, MINUTE);
  author = await createClient(app, { name: 'Spammy Seller' });
  reporter = await createClient(app);
  second = await createClient(app);
  admin = await createAdmin(app);
});

const report = (user: TestUser | undefined, targetType: string, targetId: string, reason = 'This is spam') =>
  http(app, user?.cookie).post('/api/reports', { targetType, targetId, reason });
const queue = async () =>
  (await http(app, admin.cookie).get<{ reports: OpenReport[] }>('/api/admin/reports')).body.reports;
const decide = (id: string, decision: string, user = admin) =>
  http(app, user.cookie).post(`/api/admin/reports/${id}/decision`, { decision });

async function newPost(title = 'Cheap crystals, message me') {
  const created = await http(app, author.cookie).post('/api/community/posts', {
    title,
    content: 'Best prices anywhere, visit my site now.',
    category: 'Crystal Healing',
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

describe('reporting', () => {
  it('takes a report of a post from any signed-in user, once while it is open', async () => {
    const postId = await newPost();
    const first = await report(reporter, 'post', postId);
    expect(first.status).toBe(201);
    const again = await report(reporter, 'post', postId);
    expect(again.status).toBe(409);
    expect((await report(second, 'post', postId)).status).toBe(201);
    expect((await report(undefined, 'post', postId)).status).toBe(401);
    expect((await report(reporter, 'post', 'no-such-post')).status).toBe(404);
    const bad = await report(reporter, 'profile', postId, '');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['reason', 'targetType']);
  });

  it('shows admins the open reports, oldest first, with the content and its author; others get 403', async () => {
    const postId = await newPost('Another cheap crystals offer');
    clock.advance(MINUTE);
    const { body } = await report(reporter, 'post', postId, 'Advertising');
    const open = await queue();
    const mine = open.find((r) => r.id === body.id);
    expect(mine).toMatchObject({
      targetType: 'post',
      reason: 'Advertising',
      content: { authorName: 'Spammy Seller', link: `/community/${postId}` },
    });
    expect(mine?.content?.text).toContain('Another cheap crystals offer');
    expect(open.map((r) => r.createdAt)).toEqual([...open.map((r) => r.createdAt)].sort());
    expect((await http(app, reporter.cookie).get('/api/admin/reports')).status).toBe(403);
  });
});

describe('deciding', () => {
  it('hide takes the post down, telling its author the reason, and closes every open report of it; a decided report cannot be decided again', async () => {
    const postId = await newPost('Third cheap crystals offer');
    const a = (await report(reporter, 'post', postId)).body.id;
    const b = (await report(second, 'post', postId)).body.id;
    expect((await decide(a, 'hide', reporter)).status).toBe(403);
    expect((await decide(a, 'hide')).body).toEqual({ status: 'hidden', decided: 2 });
    expect((await http(app, reporter.cookie).get(`/api/community/posts/${postId}`)).status).toBe(404);
    // Its author is told why: the reason of the report the admin agreed with.
    const own = await http(app, author.cookie).get(`/api/community/posts/${postId}`);
    expect(own.body.post.moderation).toEqual({ action: 'hidden', reason: 'This is spam' });
    expect((await queue()).map((r) => r.id)).not.toContain(b);
    expect((await decide(b, 'dismiss')).status).toBe(409);
    expect((await decide('nope', 'hide')).status).toBe(404);
  });

  it('dismiss leaves the content where it is', async () => {
    const postId = await newPost('A fair question about prices');
    const id = (await report(reporter, 'post', postId)).body.id;
    expect((await decide(id, 'dismiss')).body.status).toBe('dismissed');
    expect((await http(app, reporter.cookie).get(`/api/community/posts/${postId}`)).status).toBe(200);
  });

  it('hides a reply, a live chat message, and the text of a review (its stars still count)', async () => {
    const postId = await newPost('A thread with a rude reply');
    const reply = await http(app, author.cookie).post(`/api/community/posts/${postId}/replies`, {
      content: 'You are all fools',
    });
    await decide((await report(reporter, 'reply', reply.body.id)).body.id, 'hide');
    const thread = await http(app, reporter.cookie).get(`/api/community/posts/${postId}`);
    expect(thread.body.replies).toEqual([]);

    const reader = await createReader(app);
    const streamId = randomUUID();
    await app.db.insert(liveStreams).values({
      id: streamId,
      readerId: reader.id,
      title: 'Open pulls',
      category: 'Tarot Reading',
      status: 'live',
      startedAt: new Date(clock.now()),
    });
    const messageId = randomUUID();
    await app.db
      .insert(streamMessages)
      .values({ id: messageId, streamId, userId: author.id, content: 'Buy my course' });
    await decide((await report(reporter, 'stream_message', messageId)).body.id, 'hide');
    const [message] = await app.db.select().from(streamMessages).where(eq(streamMessages.id, messageId));
    expect(message?.removedAt).not.toBeNull();

    const { id: readingId, client: rater } = await driver.startReading({ rateCents: 299, balanceCents: 1000, reader });
    clock.advance(MINUTE / 2);
    expect((await http(app, rater.cookie).post('/api/sessions/end', { sessionId: readingId })).status).toBe(200);
    expect(
      (
        await http(app, rater.cookie).post(`/api/sessions/${readingId}/rating`, {
          rating: 1,
          review: 'Terrible, call me instead',
        })
      ).status,
    ).toBe(200);
    await decide((await report(reporter, 'review', readingId)).body.id, 'hide');
    const reviews = readerReviewsSchema.parse((await http(app).get(`/api/readers/${reader.id}/reviews`)).body);
    expect(reviews.reviews.find((r) => r.id === readingId)).toMatchObject({ rating: 1, text: '' });
    expect((await report(second, 'review', readingId)).status).toBe(404);
  });
});
