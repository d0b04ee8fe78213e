import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createClient,
  createReader,
  fundEarnings,
  type TestUser,
} from '../../tests/integration/factories';
import { fakeClock } from '../../tests/integration/fake-clock';
import { http } from '../../tests/integration/http';
import { startPushService, subscribeDevice } from '../../tests/integration/push-service';
import { testApp } from '../../tests/integration/test-app';
import { liveStreams, mailMessages, readerQueue } from './db/schema';
import { queueDueNotices } from './features/mail/notices';
import { notifyStreamLive } from './features/notifications/notify-stream-live';
import { webPushTransport } from './features/notifications/push-transport';
import { runPushWork } from './features/notifications/push-worker';
import { offerFreeReaders } from './features/queue/offer-queue';
import { Outbox } from './realtime/outbox';

// Decision 049: each push it lists, from the place in the app where what it tells happens
// (the rules of the queue, devices and preferences: notifications/push.integration.test.ts).
const clock = fakeClock(Date.parse('2026-11-21T12:00:00Z'));
const app = await testApp({ clock, runScheduler: false, runMailWorker: false, runPushWorker: false });
const service = await startPushService();
afterAll(() => service.close());
const sendDue = () =>
  runPushWork({ db: app.db, clock, transport: webPushTransport(app.vapidKeys!, app.config.push.subject) });
beforeEach(() => {
  service.received.length = 0;
});
const subscribe = (user: TestUser, name: string) => subscribeDevice(app, user, service.device(`${name}-${user.id}`));

describe('what is pushed, from where it happens', () => {
  const mailsTo = (email: string, kind: 'payout_decided' | 'written_reading_answered') =>
    app.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, email.toLowerCase()), eq(mailMessages.kind, kind)));
  const emailOff = (user: TestUser, kind: string) =>
    http(app, user.cookie).put('/api/notifications/preferences', {
      channels: { [kind]: { email: false } },
      quietHours: null,
      timeZone: 'UTC',
    });

  it('a paid payout, linking to the earnings; with its mail turned off only the push goes', async () => {
    const reader = await createReader(app);
    await subscribe(reader, 'payout');
    expect((await emailOff(reader, 'payout_paid')).status).toBe(200);
    await fundEarnings(app, reader.id, 3000);
    const requested = await http(app, reader.cookie).post('/api/payouts', {});
    expect(requested.status).toBe(201);
    const admin = await createAdmin(app);
    expect(
      (
        await http(app, admin.cookie).post(`/api/admin/payouts/${requested.body.payout.id}/decision`, {
          decision: 'paid',
        })
      ).status,
    ).toBe(200);
    await queueDueNotices({ db: app.db, clock, publicUrl: app.config.publicUrl });
    await sendDue();
    expect(service.received.map((push) => push.payload)).toEqual([
      {
        title: 'Your payout of $30.00 is paid',
        body: 'It is on its way to your bank account.',
        url: '/dashboard/earnings',
        tag: `payout_paid:${requested.body.payout.id}`,
      },
    ]);
    expect(await mailsTo(reader.email, 'payout_decided')).toEqual([]);
  });

  it('a written answer, to the client’s Messages; with its mail turned off only the bell and the push', async () => {
    const reader = await createReader(app, { firstName: 'Wren', lastName: 'Ash' });
    expect(
      (
        await http(app, reader.cookie).patch('/api/readers/me', {
          writtenReadingPriceCents: 1500,
          writtenReadingAnswerHours: 24,
        })
      ).status,
    ).toBe(200);
    const client = await createClient(app, { balanceCents: 5000 });
    await subscribe(client, 'asker');
    expect((await emailOff(client, 'written_reading_answered')).status).toBe(200);
    const asked = await http(app, client.cookie).post('/api/written-readings', {
      readerId: reader.id,
      question: 'Will my garden bloom again next spring, and will I be there to see it?',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const answered = await http(app, reader.cookie).post(`/api/written-readings/${asked.body.id}/answer`, {
      answer:
        'The cards show green shoots after a long frost: yes, and you will be kneeling in the soil when they come.',
    });
    expect(answered.status).toBe(200);
    await sendDue();
    expect(service.received.map((push) => [push.payload.title, push.payload.url])).toEqual([
      ['Wren Ash answered your question', '/dashboard/messages'],
    ]);
    expect(await mailsTo(client.email, 'written_reading_answered')).toEqual([]);
    expect((await http(app, client.cookie).get('/api/notifications')).body.unreadCount).toBe(1);
  });

  it('a queue offer, to the client first in line', async () => {
    const reader = await createReader(app, { firstName: 'Sol', lastName: 'Vega' });
    expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const client = await createClient(app);
    await subscribe(client, 'waiting');
    await app.db
      .insert(readerQueue)
      .values({ clientId: client.id, readerId: reader.id, sessionType: 'chat', joinedAt: new Date(clock.now()) });
    expect(await offerFreeReaders(app.db, new Date(clock.now()), 60_000, new Outbox(), reader.id)).toBe(1);
    await sendDue();
    expect(service.received.map((push) => [push.payload.title, push.payload.url])).toEqual([
      ['Sol Vega is free for you now', '/dashboard'],
    ]);
  });

  it('a followed reader going live, to a follower who asked for it by push', async () => {
    const reader = await createReader(app);
    const follower = await createClient(app);
    expect((await http(app, follower.cookie).put(`/api/follows/${reader.id}`)).status).toBe(200);
    await subscribe(follower, 'follower');
    await http(app, follower.cookie).put('/api/notifications/preferences', {
      channels: { stream_live: { push: true } },
      quietHours: null,
      timeZone: 'UTC',
    });
    const streamId = randomUUID();
    await app.db.insert(liveStreams).values({
      id: streamId,
      readerId: reader.id,
      title: 'New moon circle',
      category: 'Tarot Reading',
      status: 'live',
      startedAt: new Date(clock.now()),
    });
    await notifyStreamLive({ db: app.db, clock, realtime: app.realtime })({
      streamId,
      readerId: reader.id,
      readerName: 'Ada Stone',
      title: 'New moon circle',
    });
    await sendDue();
    expect(service.received.map((push) => push.payload)).toEqual([
      { title: 'Ada Stone is live', body: 'New moon circle', url: `/live/${streamId}`, tag: `stream_live:${streamId}` },
    ]);
  });
});
