import { describe, expect, it } from 'vitest';
import { createClient } from '../../tests/integration/factories';
import { http } from '../../tests/integration/http';
import { delivered } from '../../tests/integration/socket-helpers';
import { testApp } from '../../tests/integration/test-app';

const app = await testApp();

describe('API behaviour', () => {
  it('reports health with the database', async () => {
    expect(await http(app).get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
    expect(await http(app).get('/api/health/ready')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: 'ok' },
    });
    expect(await http(app).get('/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await http(app).get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await http(app).post('/api/auth/sign-in/email', '{"email":');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('BAD_REQUEST');
  });

  it('sends security headers', async () => {
    const response = await http(app).get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('Socket.IO authentication', () => {
  it('refuses a socket without a session and accepts one with the cookie', async () => {
    await expect(app.connectSocket()).rejects.toThrow(/unauthorized/);
    await expect(app.connectSocket('better-auth.session_token=forged')).rejects.toThrow(/unauthorized/);
    const client = await createClient(app);
    const socket = await app.connectSocket(client.cookie);
    expect(socket.connected).toBe(true);
  });

  it('puts each socket in its own user room', async () => {
    const alice = await createClient(app);
    const bob = await createClient(app);
    const aliceSocket = await app.connectSocket(alice.cookie);
    const bobSocket = await app.connectSocket(bob.cookie);
    const bobHeard: unknown[] = [];
    bobSocket.on('wallet_updated', (p) => bobHeard.push(p));
    const aliceHeard = new Promise((resolve) => aliceSocket.once('wallet_updated', resolve));
    app.realtime.toUser(alice.id, 'wallet_updated', { balanceCents: 4242 });
    expect(await aliceHeard).toEqual({ balanceCents: 4242 });
    await delivered(bobSocket);
    expect(bobHeard).toEqual([]);
  });
});
