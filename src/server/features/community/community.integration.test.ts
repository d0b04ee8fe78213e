import type { CommunityPost, PostList, PostThread } from '@shared/community';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';

const clock = fakeClock(Date.parse('2026-11-20T12:00:00Z'));
let author: TestUser;
let other: TestUser;
let admin: TestUser;
const app = await testApp({ clock, runScheduler: false });
beforeAll(async () => {
  author = await createClient(app, { name: 'Iris Moonfield' });
  other = await createClient(app);
  admin = await createAdmin(app);
});

let titles = 0;
const post = (user: TestUser, overrides: Record<string, unknown> = {}) =>
  http(app, user.cookie).post<CommunityPost>('/api/community/posts', {
    title: `A question about the moon ${++titles}`,
    content: 'What does the Moon card mean in a love reading?',
    category: 'Tarot & Oracle Cards',
    tags: ['Moon', 'love'],
    ...overrides,
  });
const list = (query = '', user?: TestUser) => http(app, user?.cookie).get<PostList>(`/api/community/posts${query}`);

describe('posting', () => {
  it('posts a discussion for a signed-in user, tags lower-cased, the author shown as first name and initial', async () => {
    const created = await post(author);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      category: 'Tarot & Oracle Cards',
      tags: ['moon', 'love'],
      replyCount: 0,
      likeCount: 0,
      viewCount: 0,
      isHidden: false,
      viewerCanEdit: true,
    });
    expect(created.body.author.name).toBe('Iris M.');
    expect(
      (
        await http(app).post('/api/community/posts', {
          title: 'Signed out post',
          content: 'Nobody is signed in here.',
          category: 'Astrology',
        })
      ).status,
    ).toBe(401);
  });

  it('refuses a short title, short content, an unknown category and six tags, field by field, and saves nothing', async () => {
    const before = (await list()).body.total;
    const bad = await http(app, author.cookie).post('/api/community/posts', {
      title: 'Hey',
      content: 'short',
      category: 'Gossip',
      tags: ['a', 'b', 'c', 'd', 'e', 'f'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      title: 'Title must be at least 5 characters',
      content: 'Content must be at least 10 characters',
      category: 'Choose one of the categories',
      tags: 'At most 5 tags',
    });
    expect((await list()).body.total).toBe(before);
  });

  it('a reader posts under their professional name', async () => {
    const reader = await createReader(app, { firstName: 'Seraphina', lastName: 'Vale' });
    const created = await post(reader, { category: 'Astrology' });
    expect(created.body.author).toMatchObject({ name: 'Seraphina Vale', isReader: true });
  });
});

describe('the list', () => {
  it('searches title, content and tags without regard to case, within the category', async () => {
    const dream = await post(other, {
      title: 'Flying dreams every night',
      content: 'I keep dreaming that I can fly over the sea.',
      category: 'Dream Interpretation',
      tags: ['Flight'],
    });
    await post(other, {
      title: 'Falling dreams again',
      content: 'Every night I fall and wake up.',
      category: 'Dream Interpretation',
      tags: [],
    });
    await post(other, {
      title: 'Crystals for flying anxiety',
      content: 'Which stone helps on a plane?',
      category: 'Crystal Healing',
    });

    const byTitle = await list('?search=FLYING&category=Dream%20Interpretation');
    expect(byTitle.body.posts.map((p) => p.id)).toEqual([dream.body.id]);
    expect((await list('?search=over%20the%20SEA')).body.posts.map((p) => p.id)).toEqual([dream.body.id]);
    expect((await list('?search=flight')).body.posts.map((p) => p.id)).toEqual([dream.body.id]);
    expect((await list('?search=flying')).body.total).toBe(2);
    expect((await list('?search=100%25')).body.total).toBe(0);
    expect((await list('?category=Gossip')).status).toBe(400);
  });

  it('puts pinned, then featured posts first, then the newest; counts posts per category', async () => {
    const older = await post(author, { category: 'Meditation & Mindfulness' });
    clock.advance(60_000);
    const featured = await post(author, { category: 'Meditation & Mindfulness' });
    clock.advance(60_000);
    const newest = await post(author, { category: 'Meditation & Mindfulness' });
    const pinned = older;
    expect(
      (await http(app, admin.cookie).patch(`/api/community/posts/${pinned.body.id}/moderation`, { isPinned: true }))
        .status,
    ).toBe(200);
    expect(
      (await http(app, admin.cookie).patch(`/api/community/posts/${featured.body.id}/moderation`, { isFeatured: true }))
        .status,
    ).toBe(200);
    const ids = (await list('?category=Meditation%20%26%20Mindfulness')).body.posts.map((p) => p.id);
    expect(ids).toEqual([pinned.body.id, featured.body.id, newest.body.id]);

    const counts = (await http(app).get('/api/community/categories')).body.categories as {
      name: string;
      postCount: number;
    }[];
    expect(counts.find((c) => c.name === 'Meditation & Mindfulness')?.postCount).toBe(3);
    expect(counts).toHaveLength(6);
    expect(
      (await http(app, author.cookie).patch(`/api/community/posts/${newest.body.id}/moderation`, { isPinned: true }))
        .status,
    ).toBe(403);
  });
});

describe('a thread', () => {
  it('takes replies in order and counts them; a view counts once per user per day', async () => {
    const { body: created } = await post(author, { category: 'General Discussion' });
    const reply = await http(app, other.cookie).post(`/api/community/posts/${created.id}/replies`, {
      content: 'The Moon is about intuition.',
    });
    expect(reply.status).toBe(201);
    expect(
      (await http(app, other.cookie).post(`/api/community/posts/${created.id}/replies`, { content: '   ' })).body.error
        .fields.content,
    ).toBe('Write a reply first');
    clock.advance(1000);
    await http(app, author.cookie).post(`/api/community/posts/${created.id}/replies`, { content: 'Thank you!' });

    await http(app, other.cookie).get(`/api/community/posts/${created.id}`);
    await http(app, other.cookie).get(`/api/community/posts/${created.id}`);
    await http(app).get(`/api/community/posts/${created.id}`);
    const thread = await http(app, author.cookie).get<PostThread>(`/api/community/posts/${created.id}`);
    expect(thread.body.replies.map((r) => r.content)).toEqual(['The Moon is about intuition.', 'Thank you!']);
    expect(thread.body.post).toMatchObject({ replyCount: 2, viewCount: 2 });
    clock.advance(24 * 60 * 60 * 1000);
    expect(
      (await http(app, other.cookie).get<PostThread>(`/api/community/posts/${created.id}`)).body.post.viewCount,
    ).toBe(3);
    expect((await http(app).get('/api/community/posts/nope')).status).toBe(404);
  });

  it('toggles a like, one per user, however many arrive at once', async () => {
    const { body: created } = await post(author, { category: 'General Discussion' });
    const like = () =>
      http(app, other.cookie).post<{ liked: boolean; likeCount: number }>(`/api/community/posts/${created.id}/like`);
    expect((await like()).body).toEqual({ liked: true, likeCount: 1 });
    expect((await like()).body).toEqual({ liked: false, likeCount: 0 });
    await Promise.all(
      Array.from({ length: 6 }, () => http(app, author.cookie).post(`/api/community/posts/${created.id}/like`)),
    );
    const thread = await http(app, author.cookie).get<PostThread>(`/api/community/posts/${created.id}`);
    // Six toggles end where they started, whatever their order; the count always matches the likes.
    expect(thread.body.post.likeCount).toBe(thread.body.post.viewerLiked ? 1 : 0);
    expect((await http(app).post(`/api/community/posts/${created.id}/like`)).status).toBe(401);
  });
});

describe('changing a post', () => {
  it('lets its author edit or delete it within 24 hours and nobody else, admins included', async () => {
    const { body: created } = await post(author, { category: 'Astrology' });
    const edit = (user: TestUser, title = 'Mercury retrograde survival') =>
      http(app, user.cookie).patch(`/api/community/posts/${created.id}`, {
        title,
        content: 'How do you get through it calmly?',
        category: 'Astrology',
        tags: [],
      });
    expect((await edit(other)).status).toBe(403);
    // An admin does not put words in someone else's mouth: 403, and the post reads as its author wrote it.
    const byAdmin = await edit(admin, 'Edited by an admin');
    expect({ status: byAdmin.status, message: byAdmin.body.error.message }).toEqual({
      status: 403,
      message: 'Only its author can change this discussion',
    });
    expect((await http(app, admin.cookie).delete(`/api/community/posts/${created.id}`)).status).toBe(403);
    expect((await edit(author)).body.title).toBe('Mercury retrograde survival');
    expect((await http(app).get<PostThread>(`/api/community/posts/${created.id}`)).body.post.title).toBe(
      'Mercury retrograde survival',
    );
    expect(
      (await http(app, admin.cookie).get<PostThread>(`/api/community/posts/${created.id}`)).body.post.viewerCanEdit,
    ).toBe(false);
    clock.advance(24 * 60 * 60 * 1000);
    const late = await edit(author);
    expect(late.status).toBe(403);
    expect(late.body.error.message).toBe('A discussion can be edited or deleted only within 24 hours of posting');
    expect((await http(app, author.cookie).delete(`/api/community/posts/${created.id}`)).status).toBe(403);
    expect((await http(app).get(`/api/community/posts/${created.id}`)).status).toBe(200);
  });

  it('hides a post, with a reason, from everyone but its author and admins, and shows it again', async () => {
    const { body: created } = await post(author, { category: 'Crystal Healing', title: 'Buy cheap crystals here now' });
    const moderate = (change: Record<string, unknown>) =>
      http(app, admin.cookie).patch<CommunityPost>(`/api/community/posts/${created.id}/moderation`, change);
    const noReason = await moderate({ isHidden: true });
    expect({ status: noReason.status, fields: noReason.body }).toMatchObject({
      status: 400,
      fields: { error: { fields: { reason: 'Tell the author why it is hidden' } } },
    });
    expect((await moderate({ isHidden: true, reason: 'no' })).status).toBe(400);
    expect((await list('?search=cheap%20crystals', other)).body.total).toBe(1);

    const hidden = await moderate({ isHidden: true, reason: '  Selling is not allowed in discussions.  ' });
    expect(hidden.body.moderation).toEqual({ action: 'hidden', reason: 'Selling is not allowed in discussions.' });
    expect((await http(app, other.cookie).get(`/api/community/posts/${created.id}`)).status).toBe(404);
    expect((await list('?search=cheap%20crystals', other)).body.total).toBe(0);
    const own = (await http(app, author.cookie).get<PostThread>(`/api/community/posts/${created.id}`)).body.post;
    expect({ isHidden: own.isHidden, moderation: own.moderation }).toEqual({
      isHidden: true,
      moderation: { action: 'hidden', reason: 'Selling is not allowed in discussions.' },
    });
    expect((await list('?search=cheap%20crystals', admin)).body.total).toBe(1);

    expect((await moderate({ isHidden: false })).body).toMatchObject({ isHidden: false, moderation: null });
    expect((await list('?search=cheap%20crystals', other)).body.total).toBe(1);
  });

  it('removes a post for good with a reason: only its author still sees it, with the reason', async () => {
    const { body: created } = await post(author, {
      category: 'Dream Interpretation',
      title: 'My neighbour is a witch',
    });
    const remove = (reason: string, user = admin) =>
      http(app, user.cookie).post(`/api/community/posts/${created.id}/removal`, { reason });
    expect((await remove('  ')).status).toBe(400);
    expect((await remove('x'.repeat(501))).status).toBe(400);
    expect((await remove('Naming a neighbour', other)).status).toBe(403);
    expect((await http(app).get(`/api/community/posts/${created.id}`)).status).toBe(200);

    expect((await remove('Naming and accusing a neighbour breaks the guidelines.')).status).toBe(204);
    for (const user of [undefined, other, admin])
      expect((await http(app, user?.cookie).get(`/api/community/posts/${created.id}`)).status).toBe(404);
    expect((await list('?search=witch', admin)).body.total).toBe(0);
    const own = await http(app, author.cookie).get<PostThread>(`/api/community/posts/${created.id}`);
    expect(own.body.post).toMatchObject({
      title: 'My neighbour is a witch',
      isHidden: true,
      moderation: { action: 'removed', reason: 'Naming and accusing a neighbour breaks the guidelines.' },
    });
    // Removed is for good: there is nothing left for an admin to show again.
    expect(
      (await http(app, admin.cookie).patch(`/api/community/posts/${created.id}/moderation`, { isHidden: false }))
        .status,
    ).toBe(404);
  });

  it('hides or removes a reply with a reason its author sees; other readers of the thread do not see it', async () => {
    const { body: created } = await post(author);
    const reply = async (content: string) =>
      (await http(app, other.cookie).post(`/api/community/posts/${created.id}/replies`, { content })).body.id as string;
    const rude = await reply('What a silly question.');
    clock.advance(1000);
    const spam = await reply('Cheap readings at my site!');
    expect(
      (await http(app, admin.cookie).patch(`/api/community/replies/${rude}/moderation`, { isHidden: true })).status,
    ).toBe(400);
    const hidden = await http(app, admin.cookie).patch(`/api/community/replies/${rude}/moderation`, {
      isHidden: true,
      reason: 'Be kind to each other.',
    });
    expect(hidden.body).toMatchObject({
      id: rude,
      isHidden: true,
      moderation: { action: 'hidden', reason: 'Be kind to each other.' },
    });
    expect(
      (await http(app, admin.cookie).post(`/api/community/replies/${spam}/removal`, { reason: 'Advertising' })).status,
    ).toBe(204);

    const seen = async (user: TestUser) =>
      (await http(app, user.cookie).get<PostThread>(`/api/community/posts/${created.id}`)).body.replies.map((r) => [
        r.content,
        r.moderation,
      ]);
    expect(await seen(author)).toEqual([]);
    expect(await seen(other)).toEqual([
      ['What a silly question.', { action: 'hidden', reason: 'Be kind to each other.' }],
      ['Cheap readings at my site!', { action: 'removed', reason: 'Advertising' }],
    ]);
    expect(await seen(admin)).toEqual([
      ['What a silly question.', { action: 'hidden', reason: 'Be kind to each other.' }],
    ]);
    expect(
      (await http(app, admin.cookie).post(`/api/community/replies/${spam}/removal`, { reason: 'Advertising' })).status,
    ).toBe(404);
  });
});
