import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { LiveStream } from '@shared/live';
import { liveStreams, readerFollows, streamJoins } from '../../db/schema';
import { createAdmin, createClient, createReader, type TestUser } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';
import { createStream } from './create-stream';

const HOUR = 60 * 60_000;
const clock = fakeClock(Date.parse('2026-11-23T12:00:00Z'));
const app = await testApp({ clock, runScheduler: false });

const streamInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Evening tarot',
  description: 'Open questions',
  category: 'Tarot Reading',
  ...overrides,
});
const inHours = (hours: number) => new Date(clock.now() + hours * HOUR).toISOString();

async function goLive(reader: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await http(app, reader.cookie).post('/api/live/streams', streamInput(overrides));
  expect(response.status).toBe(201);
  return response.body.id;
}
const getStream = async (id: string, cookie?: string) =>
  (await http(app, cookie).get(`/api/live/streams/${id}`)).body as LiveStream;
const list = async (query: string, cookie?: string) => {
  const response = await http(app, cookie).get(`/api/live/streams?${query}`);
  expect(response.status).toBe(200);
  return response.body.streams as LiveStream[];
};

describe('POST /api/live/streams', () => {
  it('puts a reader live at once, and refuses a second live stream with 409', async () => {
    const reader = await createReader(app);
    const created = await http(app, reader.cookie).post('/api/live/streams', streamInput({ priceCents: 199 }));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), status: 'live' });
    expect(await getStream(created.body.id)).toMatchObject({
      status: 'live',
      title: 'Evening tarot',
      category: 'Tarot Reading',
      priceCents: 199,
      startedAt: new Date(clock.now()).toISOString(),
      scheduledFor: null,
      endedAt: null,
      viewerCount: 0,
    });

    const second = await http(app, reader.cookie).post('/api/live/streams', streamInput());
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/already live/);
    // Announcing a later stream while live is fine.
    expect(
      (await http(app, reader.cookie).post('/api/live/streams', streamInput({ scheduledFor: inHours(2) }))).status,
    ).toBe(201);
  });

  it('schedules a stream for a future time, and refuses a past one with 400', async () => {
    const reader = await createReader(app);
    const scheduledFor = inHours(24);
    const created = await http(app, reader.cookie).post(
      '/api/live/streams',
      streamInput({ scheduledFor, expectedMinutes: 45, priceCents: 499 }),
    );
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('scheduled');
    expect(await getStream(created.body.id)).toMatchObject({
      status: 'scheduled',
      scheduledFor,
      expectedMinutes: 45,
      priceCents: 499,
      startedAt: null,
    });

    const past = await http(app, reader.cookie).post(
      '/api/live/streams',
      streamInput({ scheduledFor: new Date(clock.now() - 1000).toISOString() }),
    );
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ scheduledFor: 'The scheduled time must be in the future' });
  });

  it('is for readers only and validates the body', async () => {
    const client = await createClient(app);
    const admin = await createAdmin(app);
    const reader = await createReader(app);
    expect((await http(app).post('/api/live/streams', streamInput())).status).toBe(401);
    expect((await http(app, client.cookie).post('/api/live/streams', streamInput())).status).toBe(403);
    expect((await http(app, admin.cookie).post('/api/live/streams', streamInput())).status).toBe(403);
    for (const bad of [
      { priceCents: 50 },
      { priceCents: 10_000 },
      { category: 'Palmistry' },
      { title: '   ' },
      { expectedMinutes: 2 },
      { scheduledFor: 'tomorrow' },
    ]) {
      const response = await http(app, reader.cookie).post('/api/live/streams', streamInput(bad));
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await app.db.select().from(liveStreams).where(eq(liveStreams.readerId, reader.id))).toEqual([]);
  });

  it('announces a go-live after it commits, and a failing announcement does not undo it', async () => {
    const reader = await createReader(app);
    const onStreamLive = vi.fn().mockRejectedValue(new Error('notifications are down'));
    const log = { error: vi.fn() };
    const deps = { db: app.db, clock, realtime: app.realtime, onStreamLive };
    const created = await createStream(
      deps,
      reader.id,
      { ...streamInput(), description: '', category: 'Mediumship' },
      log,
    );
    expect(created.status).toBe('live');
    expect(onStreamLive).toHaveBeenCalledWith({
      streamId: created.id,
      readerId: reader.id,
      readerName: expect.stringMatching(/^Test Reader /),
      title: 'Evening tarot',
    });
    expect(log.error).toHaveBeenCalledOnce();
    expect((await getStream(created.id)).status).toBe('live');
  });
});

describe('POST /api/live/streams/:id/start', () => {
  it('lets the reader start a scheduled stream once; 409 when live already, 403 to anyone else', async () => {
    const reader = await createReader(app);
    const other = await createReader(app);
    const id = await goLive(reader, { scheduledFor: inHours(1) });
    expect((await http(app, other.cookie).post(`/api/live/streams/${id}/start`)).status).toBe(403);
    expect((await http(app, (await createClient(app)).cookie).post(`/api/live/streams/${id}/start`)).status).toBe(403);
    expect((await http(app, reader.cookie).post('/api/live/streams/no-such-stream/start')).status).toBe(404);

    const started = await http(app, reader.cookie).post(`/api/live/streams/${id}/start`);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ id, status: 'live' });
    expect(await getStream(id)).toMatchObject({ status: 'live', startedAt: new Date(clock.now()).toISOString() });
    expect((await http(app, reader.cookie).post(`/api/live/streams/${id}/start`)).status).toBe(409);
  });

  it('refuses to start a second live stream (409) and an ended one (409)', async () => {
    const reader = await createReader(app);
    const later = await goLive(reader, { scheduledFor: inHours(1) });
    const live = await goLive(reader);
    const refused = await http(app, reader.cookie).post(`/api/live/streams/${later}/start`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/already live/);
    expect((await getStream(later)).status).toBe('scheduled');

    expect((await http(app, reader.cookie).post(`/api/live/streams/${live}/end`)).status).toBe(200);
    expect((await http(app, reader.cookie).post(`/api/live/streams/${live}/start`)).status).toBe(409);
    expect((await http(app, reader.cookie).post(`/api/live/streams/${later}/start`)).status).toBe(200);
  });
});

describe('POST /api/live/streams/:id/end', () => {
  it('a stranger cannot end another reader’s stream (403), its reader can, and again changes nothing', async () => {
    const reader = await createReader(app);
    const stranger = await createReader(app);
    const client = await createClient(app);
    const id = await goLive(reader);
    expect((await http(app).post(`/api/live/streams/${id}/end`)).status).toBe(401);
    expect((await http(app, stranger.cookie).post(`/api/live/streams/${id}/end`)).status).toBe(403);
    expect((await http(app, client.cookie).post(`/api/live/streams/${id}/end`)).status).toBe(403);
    expect((await http(app, reader.cookie).post('/api/live/streams/no-such-stream/end')).status).toBe(404);
    expect((await getStream(id)).status).toBe('live');

    clock.advance(30 * 60_000);
    const ended = await http(app, reader.cookie).post(`/api/live/streams/${id}/end`);
    expect(ended.status).toBe(200);
    const endedAt = new Date(clock.now()).toISOString();
    expect(ended.body).toMatchObject({ id, status: 'ended', endedAt, endReason: 'ended' });
    clock.advance(1000);
    const again = await http(app, reader.cookie).post(`/api/live/streams/${id}/end`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'ended', endedAt });
    const [row] = await app.db.select().from(liveStreams).where(eq(liveStreams.id, id));
    expect(row).toMatchObject({ endedBy: reader.id, status: 'ended' });
    // The page can still say it has ended; the lists never show it.
    expect((await getStream(id)).status).toBe('ended');
    expect((await list('status=live')).map((s) => s.id)).not.toContain(id);
    // Ended, the reader may go live again.
    await goLive(reader);
  });

  it('an admin can end any reader’s stream, and a reader can cancel a scheduled one', async () => {
    const reader = await createReader(app);
    const admin = await createAdmin(app);
    const live = await goLive(reader);
    const ended = await http(app, admin.cookie).post(`/api/live/streams/${live}/end`);
    expect(ended.status).toBe(200);
    expect(
      (await app.db.select({ endedBy: liveStreams.endedBy }).from(liveStreams).where(eq(liveStreams.id, live)))[0]
        ?.endedBy,
    ).toBe(admin.id);

    const scheduled = await goLive(reader, { scheduledFor: inHours(3) });
    expect((await http(app, reader.cookie).post(`/api/live/streams/${scheduled}/end`)).body).toMatchObject({
      status: 'ended',
      startedAt: null,
    });
    expect((await list('status=scheduled')).map((s) => s.id)).not.toContain(scheduled);
  });
});

describe('GET /api/live/streams and /api/live/streams/:id', () => {
  it('lists live streams newest first and scheduled ones soonest first, by category', async () => {
    const [first, second, third] = [await createReader(app), await createReader(app), await createReader(app)];
    const older = await goLive(first, { category: 'Mediumship' });
    clock.advance(1000);
    const newer = await goLive(second, { category: 'Celtic Wisdom' });
    const soon = await goLive(third, { scheduledFor: inHours(1), category: 'Mediumship' });
    const later = await goLive(first, { scheduledFor: inHours(5), category: 'Manifestation' });
    const ours = new Set([older, newer, soon, later]);
    const mine = (streams: LiveStream[]) => streams.map((s) => s.id).filter((id) => ours.has(id));

    expect(mine(await list('status=live'))).toEqual([newer, older]);
    expect(mine(await list(''))).toEqual([newer, older]);
    expect(mine(await list('status=scheduled'))).toEqual([soon, later]);
    expect(mine(await list('status=live&category=Mediumship'))).toEqual([older]);
    expect(mine(await list('status=scheduled&category=Mediumship'))).toEqual([soon]);
    expect((await http(app).get('/api/live/streams?status=ended')).status).toBe(400);
    expect((await http(app).get('/api/live/streams?category=Palmistry')).status).toBe(400);

    const [card] = (await list('status=live')).filter((s) => s.id === newer);
    expect(card).toMatchObject({
      reader: {
        id: second.id,
        fullName: expect.stringMatching(/^Test Reader /),
        username: expect.any(String),
        specialties: ['Tarot', 'Astrology', 'Dreams'],
        followerCount: 0,
      },
      viewerCount: 0,
      reminderCount: 0,
    });
  });

  it('drops a scheduled stream its reader has not started an hour after its time', async () => {
    const reader = await createReader(app);
    const id = await goLive(reader, { scheduledFor: inHours(1) });
    clock.advance(2 * HOUR - 1000);
    expect((await list('status=scheduled')).map((s) => s.id)).toContain(id);
    clock.advance(2000);
    expect((await list('status=scheduled')).map((s) => s.id)).not.toContain(id);
    // Still the reader's to start.
    expect(
      (await http(app, reader.cookie).get('/api/live/streams/mine')).body.streams.map((s: LiveStream) => s.id),
    ).toContain(id);
  });

  it('fills the viewer fields for the signed-in viewer: follows, reminders, and who may watch', async () => {
    const reader = await createReader(app);
    const client = await createClient(app);
    const paid = await createClient(app);
    const priced = await goLive(reader, { priceCents: 299 });
    const scheduled = await goLive(reader, { scheduledFor: inHours(2) });
    await app.db.insert(readerFollows).values({ followerId: client.id, readerId: reader.id });
    await app.db.insert(streamJoins).values({ streamId: priced, userId: paid.id, paidCents: 299 });
    expect((await http(app, client.cookie).put(`/api/live/streams/${scheduled}/reminder`)).status).toBe(200);

    const visitor = await getStream(priced);
    expect(visitor).toMatchObject({
      viewerFollowsReader: false,
      viewerHasReminder: false,
      viewerHasJoined: false,
      reader: { followerCount: 1 },
    });
    expect(await getStream(priced, client.cookie)).toMatchObject({ viewerFollowsReader: true, viewerHasJoined: false });
    expect(await getStream(priced, paid.cookie)).toMatchObject({ viewerFollowsReader: false, viewerHasJoined: true });
    expect(await getStream(priced, reader.cookie)).toMatchObject({ viewerHasJoined: true });
    expect(await getStream(scheduled, client.cookie)).toMatchObject({
      viewerHasReminder: true,
      reminderCount: 1,
      viewerHasJoined: true,
    });
    expect(await getStream(scheduled)).toMatchObject({
      viewerHasReminder: false,
      reminderCount: 1,
      viewerHasJoined: false,
    });
    const [card] = (await list('status=scheduled', client.cookie)).filter((s) => s.id === scheduled);
    expect(card).toMatchObject({ viewerHasReminder: true, viewerFollowsReader: true });
    expect((await http(app).get('/api/live/streams/no-such-stream')).status).toBe(404);
  });

  it('hides a suspended reader’s streams from the lists and the page, and takes their live stream off the air', async () => {
    const admin = await createAdmin(app);
    const reader = await createReader(app);
    const live = await goLive(reader);
    const scheduled = await goLive(reader, { scheduledFor: inHours(1) });
    expect((await http(app, admin.cookie).post(`/api/admin/users/${reader.id}/suspend`)).status).toBe(200);
    expect((await list('status=live')).map((s) => s.id)).not.toContain(live);
    expect((await list('status=scheduled')).map((s) => s.id)).not.toContain(scheduled);
    expect((await http(app).get(`/api/live/streams/${live}`)).status).toBe(404);
    const [ended] = await app.db.select().from(liveStreams).where(eq(liveStreams.id, live));
    expect(ended).toMatchObject({ status: 'ended', endedBy: admin.id });
    // Nothing of theirs is left on the air to block a go-live should they be restored.
    const onAir = await app.db.select().from(liveStreams).where(eq(liveStreams.readerId, reader.id));
    expect(onAir.filter((s) => s.status === 'live')).toEqual([]);
  });
});

describe('GET /api/live/streams/mine', () => {
  it('is the reader’s live and scheduled streams, live first; readers only', async () => {
    const reader = await createReader(app);
    const ended = await goLive(reader);
    await http(app, reader.cookie).post(`/api/live/streams/${ended}/end`);
    const later = await goLive(reader, { scheduledFor: inHours(9) });
    const sooner = await goLive(reader, { scheduledFor: inHours(2) });
    const live = await goLive(reader);
    const response = await http(app, reader.cookie).get('/api/live/streams/mine');
    expect(response.status).toBe(200);
    expect(response.body.streams.map((s: LiveStream) => s.id)).toEqual([live, sooner, later]);
    expect((await http(app).get('/api/live/streams/mine')).status).toBe(401);
    expect((await http(app, (await createClient(app)).cookie).get('/api/live/streams/mine')).status).toBe(403);
  });
});

describe('PUT and DELETE /api/live/streams/:id/reminder', () => {
  it('are idempotent, for signed-in users, on scheduled streams only', async () => {
    const reader = await createReader(app);
    const client = await createClient(app);
    const scheduled = await goLive(reader, { scheduledFor: inHours(4) });
    const url = `/api/live/streams/${scheduled}/reminder`;
    expect((await http(app).put(url)).status).toBe(401);
    for (let i = 0; i < 2; i += 1) {
      const response = await http(app, client.cookie).put(url);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ reminded: true, reminderCount: 1 });
    }
    for (let i = 0; i < 2; i += 1)
      expect((await http(app, client.cookie).delete(url)).body).toEqual({ reminded: false, reminderCount: 0 });
    expect((await http(app, client.cookie).put('/api/live/streams/no-such-stream/reminder')).status).toBe(404);

    const live = await goLive(reader);
    const refused = await http(app, client.cookie).put(`/api/live/streams/${live}/reminder`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This stream is already live');
  });
});
