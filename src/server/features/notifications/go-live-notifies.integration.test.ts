import type { AppNotification } from '@shared/notifications';
import { describe, expect, it } from 'vitest';
import { createClient, createReader } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { nextEvent } from '../../../../tests/integration/socket-helpers';
import { testApp } from '../../../../tests/integration/test-app';

const clock = fakeClock(Date.now());
const app = await testApp({ clock, runScheduler: false });

describe('a reader going live through the API', () => {
  it('rings the bell of a follower at once and of a reminder holder when the scheduled stream starts', async () => {
    const reader = await createReader(app);
    const follower = await createClient(app);
    const reminded = await createClient(app);
    expect((await http(app, follower.cookie).put(`/api/follows/${reader.id}`)).status).toBe(200);

    const heard = nextEvent<AppNotification>(await app.connectSocket(follower.cookie), 'notification');
    const live = await http(app, reader.cookie).post('/api/live/streams', {
      title: 'Morning pulls',
      category: 'Tarot Reading',
    });
    expect(live.status).toBe(201);
    expect(await heard).toMatchObject({ kind: 'stream_live', body: 'Morning pulls', link: `/live/${live.body.id}` });
    expect((await http(app, reader.cookie).post(`/api/live/streams/${live.body.id}/end`)).status).toBe(200);
    // The bell lists newest first; on a still clock both would share a time and their random ids would decide.
    clock.advance(60 * 1000);

    const scheduled = await http(app, reader.cookie).post('/api/live/streams', {
      title: 'Evening circle',
      category: 'Mediumship',
      scheduledFor: new Date(clock.now() + 60 * 60 * 1000).toISOString(),
    });
    expect(scheduled.status).toBe(201);
    expect((await http(app, reminded.cookie).put(`/api/live/streams/${scheduled.body.id}/reminder`)).status).toBe(200);
    expect((await http(app, reader.cookie).post(`/api/live/streams/${scheduled.body.id}/start`)).status).toBe(200);

    const bell = await http(app, reminded.cookie).get('/api/notifications');
    expect(bell.body.unreadCount).toBe(1);
    expect(bell.body.notifications[0]).toMatchObject({
      kind: 'stream_live',
      body: 'Evening circle',
      link: `/live/${scheduled.body.id}`,
    });
    const followerBell = await http(app, follower.cookie).get('/api/notifications');
    expect(followerBell.body.notifications.map((n: AppNotification) => n.body)).toEqual([
      'Evening circle',
      'Morning pulls',
    ]);
  });
});
