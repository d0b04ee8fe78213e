import { describe, expect, it } from 'vitest';
import { createClient } from '../../tests/integration/factories';
import { http } from '../../tests/integration/http';
import { testApp } from '../../tests/integration/test-app';

/** Routes anyone may call. Every other /api route must refuse a signed-out caller with 401. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/readers',
  'GET /api/readers/specialties',
  'GET /api/readers/:id',
  'GET /api/readers/by-username/:username',
  'GET /api/readers/:id/reviews',
  'GET /api/payments/config',
  // Stripe's webhook: no cookie, its Stripe-Signature is the credential (docs/decisions/039).
  'POST /api/payments/stripe/webhook',
  'GET /api/sessions/available-readers',
  // The privacy policy states the retention to visitors too.
  'GET /api/sessions/message-retention',
  // A stream's gift total and leaderboard show on its public page.
  'GET /api/live/streams/:id/gifts',
  // A visitor sees what is live and a stream's page; watching needs the socket (docs/decisions/023).
  'GET /api/live/streams',
  'GET /api/live/streams/:id',
  // The forum and the shop can be read and browsed signed out (docs/decisions/027).
  'GET /api/community/posts',
  'GET /api/community/posts/:id',
  'GET /api/community/categories',
  'GET /api/shop/products',
  // Readers who apply have no account yet; the status link's token is the credential (decision 045).
  'POST /api/reader-applications',
  'GET /api/reader-applications/status',
  // A reader's written-reading on-time rate shows on their public profile (decision 047).
  'GET /api/readers/:id/written-readings/on-time',
  // When a reader can be booked shows on their public profile (decision 048).
  'GET /api/readers/:id/appointment-slots',
  // The About page's counts, from the database (decision 060).
  'GET /api/public-figures',
  // A visitor's profile is null, not a 401 (docs/decisions/017).
  'GET /api/auth/profile',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-up/email',
  // A forgotten password is asked for signed out (decision 028).
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  // The second step of a sign-in (the two_factor cookie, no session yet).
  'POST /api/auth/two-factor/verify-totp',
  'POST /api/auth/two-factor/verify-backup-code',
  // Outside production, the local mailbox (decision 028): it never holds real mail.
  'GET /api/dev/mailbox',
  // Better Auth's own answers for anyone: the mailed verification link, who is signed in, signing out.
  'GET /api/auth/verify-email',
  'GET /api/auth/get-session',
  'POST /api/auth/sign-out',
  // The API's published contract and its reference page (decision 037).
  'GET /api/docs',
  'GET /api/docs/openapi.json',
  'GET /api/docs/events',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
]);

const BAD_BODIES: unknown[] = [{ bogus: true }, [], 'text', { sessionId: 42, readerId: null, amountCents: 'lots' }];

const app = await testApp();

const toPath = (url: string) => url.replace(/:[^/]+/g, 'not-an-id').replace('*', 'anything');

describe('the sign-in guard', () => {
  it('answers 401 on every protected route, whatever the body, query or params', async () => {
    const protectedRoutes = app.routes.filter(
      (r) => r.url.startsWith('/api/') && !PUBLIC_ROUTES.has(`${r.method} ${r.url}`),
    );
    expect(protectedRoutes.length).toBeGreaterThan(10);
    const answers: string[] = [];
    for (const { method, url } of protectedRoutes) {
      const path = `${toPath(url)}?limit=-1&status=nonsense`;
      const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BAD_BODIES;
      for (const body of bodies) {
        const response = await app.app.inject({
          method: method as 'GET',
          url: path,
          headers: {
            origin: 'http://localhost:5000',
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          ...(body !== undefined && { payload: JSON.stringify(body) }),
        });
        answers.push(
          `${method} ${url} ${JSON.stringify(body)} → ${response.statusCode} ${response.json().error?.code}`,
        );
      }
    }
    expect(answers.filter((a) => !a.endsWith('→ 401 UNAUTHORIZED'))).toEqual([]);
  });

  it("still lets a signed-in user through to Better Auth's session endpoints", async () => {
    const user = await createClient(app);
    const sessions = await http(app, user.cookie).get('/api/auth/list-sessions');
    expect(sessions.status).toBe(200);
    expect(sessions.body).toHaveLength(1);
    const changed = await http(app, user.cookie).post('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'another-password-2',
    });
    expect(changed.status).toBe(200);
  });

  it('lets a signed-out caller use the public routes', async () => {
    for (const route of ['/api/health', '/api/readers', '/api/payments/config', '/api/sessions/available-readers']) {
      expect((await http(app).get(route)).status).toBe(200);
    }
    expect((await http(app).get('/api/readers/not-an-id')).status).toBe(404);
    expect(app.routes.filter((r) => PUBLIC_ROUTES.has(`${r.method} ${r.url}`))).toHaveLength(PUBLIC_ROUTES.size);
  });
});
