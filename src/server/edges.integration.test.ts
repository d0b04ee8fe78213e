import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createClient, createReader, readerInput, type TestUser } from '../../tests/integration/factories';
import { http } from '../../tests/integration/http';
import { emitAck } from '../../tests/integration/socket-helpers';
import { testApp } from '../../tests/integration/test-app';

let client: TestUser;
let reader: TestUser;
let admin: TestUser;
const app = await testApp({ env: { AUTH_RATE_LIMIT_ACCOUNT_MAX: '3' } });
beforeAll(async () => {
  client = await createClient(app, { balanceCents: 5000, name: 'Edge Client' });
  reader = await createReader(app);
  admin = await createAdmin(app);
});

/** Rows in the tables a request could write to; nothing may change when input is refused. */
async function rowCounts() {
  const result = await app.db.execute(sql`
    select (select count(*) from "user") as users, (select count(*) from deposits) as deposits,
      (select count(*) from reading_sessions) as sessions, (select count(*) from ledger_transfers) as transfers,
      (select string_agg(name || coalesce(image, ''), ',' order by id) from "user") as names`);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('NUL bytes', () => {
  it('are refused with 400 in a path, a query or a body, and change nothing', async () => {
    const before = await rowCounts();
    const cases = [
      ['path', () => http(app).get('/api/readers/%00')],
      ['path, signed in', () => http(app, client.cookie).get('/api/sessions/a%00b')],
      ['path, messages', () => http(app, client.cookie).get('/api/sessions/%00/messages')],
      ['query', () => http(app, client.cookie).get('/api/sessions/history?status=%00')],
      ['query', () => http(app, reader.cookie).get('/api/payouts?status=pending&x=%00')],
      [
        'body, session request',
        () => http(app, client.cookie).post('/api/sessions/request', { readerId: 'a\u0000', sessionType: 'chat' }),
      ],
      [
        'body, deposit',
        () =>
          http(app, client.cookie).post(
            '/api/payments/wallet-deposit',
            { amountCents: 1000, paymentMethodId: 'pm\u0000' },
            { 'idempotency-key': 'nul-1' },
          ),
      ],
      [
        'body, sign-up',
        () =>
          http(app).post('/api/auth/sign-up/email', {
            name: 'N\u0000ul',
            email: 'nul@example.com',
            password: 'long-enough',
          }),
      ],
      ['body, update-user', () => http(app, client.cookie).post('/api/auth/update-user', { name: 'N\u0000ul' })],
      ['body key', () => http(app, client.cookie).post('/api/sessions/end', { 'session\u0000Id': 'x' })],
      ['body, admin', () => http(app, admin.cookie).post('/api/admin/readers', readerInput({ bio: 'a\u0000b' }))],
      ['body, reader', () => http(app, reader.cookie).patch('/api/readers/me', { bio: 'a\u0000b' })],
    ] as const;
    for (const [label, send] of cases) {
      const response = await send();
      expect({ label, status: response.status, code: response.body?.error?.code }).toEqual({
        label,
        status: 400,
        code: 'BAD_REQUEST',
      });
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('deeply nested JSON', () => {
  it('is refused with 400 on every route, Better Auth included', async () => {
    const before = await rowCounts();
    for (const [url, cookie] of [
      ['/api/auth/update-user', client.cookie],
      ['/api/auth/sign-up/email', undefined],
      ['/api/auth/sign-in/email', undefined],
      ['/api/auth/change-password', client.cookie],
      ['/api/sessions/request', client.cookie],
    ] as const) {
      for (const body of [deepObject(20_000), deepArray(20_000)]) {
        const response = await http(app, cookie).post(url, body);
        expect({ url, status: response.status, message: response.body?.error?.message }).toEqual({
          url,
          status: 400,
          message: expect.stringMatching(/nested/),
        });
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('still accepts ordinary nesting', async () => {
    const response = await http(app, client.cookie).post('/api/auth/update-user', { name: 'Edge Client' });
    expect(response.status).toBe(200);
  });
});

describe("the router's own errors", () => {
  it('answer in the API error shape', async () => {
    const cases = [
      ['param too long', () => http(app).get(`/api/readers/${'a'.repeat(500)}`), 414],
      ['undecodable URL', () => http(app).get('/api/readers/%E0%A4%A'), 400],
      ['unknown route', () => http(app).get('/api/nothing-here'), 404],
      ['unknown route, POST', () => http(app).post('/api/nothing-here', {}), 404],
      [
        'unsupported content type',
        () => http(app, client.cookie).post('/api/sessions/end', '<a/>', { 'content-type': 'application/xml' }),
        415,
      ],
      ['malformed JSON', () => http(app, client.cookie).post('/api/sessions/end', '{"sessionId":'), 400],
      [
        'body too large',
        () => http(app, client.cookie).post('/api/sessions/end', { sessionId: 'x'.repeat(300 * 1024) }),
        413,
      ],
    ] as const;
    for (const [label, send, status] of cases) {
      const response = await send();
      expect({ label, status: response.status, body: response.body }).toEqual({
        label,
        status,
        body: { error: { code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) } },
      });
    }
  });
});

describe('429', () => {
  it('from the sign-in limit carries Retry-After in seconds', async () => {
    const victim = await createClient(app);
    let response = await http(app).post('/api/auth/sign-in/email', { email: victim.email, password: 'wrong-password' });
    for (let i = 0; i < 5 && response.status !== 429; i++) {
      response = await http(app).post('/api/auth/sign-in/email', { email: victim.email, password: 'wrong-password' });
    }
    expect(response.status).toBe(429);
    expect(response.body.error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    expect(response.headers['retry-after']).toBe(String(response.body.error.retryAfterSeconds));
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('from the chat limit carries Retry-After in seconds', async () => {
    const talker = await createClient(app, { balanceCents: 5000 });
    const online = await createReader(app);
    expect((await http(app, online.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
    const requested = await http(app, talker.cookie).post('/api/sessions/request', {
      readerId: online.id,
      sessionType: 'chat',
    });
    expect(requested.status).toBe(201);
    expect(
      (
        await http(app, online.cookie).post('/api/sessions/respond', {
          sessionId: requested.body.id,
          response: 'accept',
        })
      ).status,
    ).toBe(200);
    // Messages flow only in a running reading: both sides join the room, which starts it.
    for (const side of [talker, online]) {
      expect(
        await emitAck(await app.connectSocket(side.cookie), 'join_session_room', { sessionId: requested.body.id }),
      ).toMatchObject({ ok: true });
    }
    let response = await http(app, talker.cookie).post('/api/sessions/message', {
      sessionId: requested.body.id,
      content: 'hello',
    });
    for (let i = 0; i < 25 && response.status !== 429; i++) {
      response = await http(app, talker.cookie).post('/api/sessions/message', {
        sessionId: requested.body.id,
        content: 'hello',
      });
    }
    expect(response.status).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body.error.code).toBe('RATE_LIMITED');
  });
});

describe('profile updates through Better Auth', () => {
  it('hold the sign-up rules for the name and take only http(s) image addresses', async () => {
    const user = await createClient(app, { name: 'Steady Name' });
    const cases = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(200 * 1024) }, 'name'],
      [{ image: 'javascript:alert(1)' }, 'image'],
      [{ image: 'data:text/html,<script>alert(1)</script>' }, 'image'],
      [{ name: 'Fine', image: 'ftp://example.com/a.png' }, 'image'],
      [{ role: 'admin' }, '_'],
    ] as const;
    for (const [body, field] of cases) {
      const response = await http(app, user.cookie).post('/api/auth/update-user', body);
      expect({ body: JSON.stringify(body).slice(0, 60), status: response.status }).toEqual({
        body: JSON.stringify(body).slice(0, 60),
        status: 400,
      });
      expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
    }
    const profile = await http(app, user.cookie).get('/api/auth/profile');
    expect(profile.body).toMatchObject({ fullName: 'Steady Name', avatarUrl: null, role: 'client' });

    const ok = await http(app, user.cookie).post('/api/auth/update-user', {
      name: '  New Name ',
      image: 'https://images.example.com/me.png',
    });
    expect(ok.status).toBe(200);
    expect((await http(app, user.cookie).get('/api/auth/profile')).body).toMatchObject({
      fullName: 'New Name',
      avatarUrl: 'https://images.example.com/me.png',
    });
    expect((await http(app, user.cookie).post('/api/auth/update-user', { image: null })).status).toBe(200);
  });

  it('are refused signed out before the body is looked at', async () => {
    const response = await http(app).post('/api/auth/update-user', { name: '' });
    expect(response.status).toBe(401);
  });

  it('an admin cannot give a reader a javascript: picture', async () => {
    const response = await http(app, admin.cookie).post(
      '/api/admin/readers',
      readerInput({ profileImage: 'javascript:alert(1)' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toHaveProperty('profileImage');
  });
});
