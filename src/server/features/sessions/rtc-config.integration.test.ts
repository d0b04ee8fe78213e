import { describe, expect, it } from 'vitest';
import type { RtcConfig } from '@shared/sessions';
import { createClient } from '../../../../tests/integration/factories';
import { fakeClock } from '../../../../tests/integration/fake-clock';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';
import { turnIceServers } from './turn-credentials';

const clock = fakeClock(Date.UTC(2026, 10, 28, 12));
const turn = { urls: ['turn:turn.example.com:3478'], secret: 'a-secret-coturn-shares-with-us', ttlSeconds: 3600 };
const app = await testApp({
  clock,
  runScheduler: false,
  env: {
    ICE_SERVERS: '[{"urls":"stun:stun.example.com:3478"}]',
    TURN_URLS: turn.urls.join(','),
    TURN_SECRET: turn.secret,
    TURN_TTL_S: String(turn.ttlSeconds),
  },
});

describe('GET /api/sessions/rtc-config', () => {
  it('gives each signed-in person the STUN servers and a TURN credential of their own, valid TURN_TTL_S', async () => {
    const luna = await createClient(app);
    const sol = await createClient(app);
    const forLuna = await http(app, luna.cookie).get<RtcConfig>('/api/sessions/rtc-config');
    expect(forLuna.status).toBe(200);
    const expiry = Math.floor(clock.now() / 1000) + 3600;
    expect(forLuna.body.iceServers).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      ...turnIceServers(turn, luna.id, clock.now()),
    ]);
    expect(forLuna.body.iceServers[1]).toMatchObject({ username: `${expiry}:${luna.id}` });

    const forSol = await http(app, sol.cookie).get<RtcConfig>('/api/sessions/rtc-config');
    expect(forSol.body.iceServers[1]?.username).toBe(`${expiry}:${sol.id}`);
    expect(forSol.body.iceServers[1]?.credential).not.toBe(forLuna.body.iceServers[1]?.credential);
  });

  it('gives nothing to a visitor who is not signed in', async () => {
    expect((await http(app).get('/api/sessions/rtc-config')).status).toBe(401);
  });
});
