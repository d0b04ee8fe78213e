import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationInput,
  createAdmin,
  createClient,
  createReader,
  fundEarnings,
  readerInput,
  type TestUser,
} from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { registeredRoutes } from '../../../../tests/integration/registered-routes';
import { testApp } from '../../../../tests/integration/test-app';
import { readingSessions } from '../../db/schema';

let admin: TestUser;
let client: TestUser;
let reader: TestUser;
const app = await testApp();
beforeAll(async () => {
  admin = await createAdmin(app);
  client = await createClient(app, { balanceCents: 5000 });
  reader = await createReader(app, { chatRateCents: 299 });
});

type Method = 'GET' | 'POST' | 'PATCH';
interface Endpoint {
  method: Method;
  /** The route as registered, to check the table covers every admin route. */
  route: string;
  /** The call an admin makes, fresh each time (it may need a new target), and the status it expects. */
  admin: () => Promise<{ url: string; body?: unknown; status: number }>;
}

const newPromotionCode = () => `A${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;

describe('every admin endpoint, by who asks', () => {
  it('answers 401 signed out, 403 to a client or a reader, and its own answer to an admin', async () => {
    const newReader = () => createReader(app);
    // Decision 045: someone applies to read, for an admin to approve or reject.
    const newApplication = async () => {
      const applied = await http(app).post('/api/reader-applications', {
        ...applicationInput(),
        acceptsReaderTerms: true,
      });
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
      return applied.body.id as string;
    };
    const endpoints: Endpoint[] = [
      { method: 'GET', route: '/api/admin/stats', admin: async () => ({ url: '/api/admin/stats', status: 200 }) },
      {
        method: 'GET',
        route: '/api/admin/analytics',
        admin: async () => ({ url: '/api/admin/analytics', status: 200 }),
      },
      {
        method: 'GET',
        route: '/api/admin/readers',
        admin: async () => ({ url: '/api/admin/readers?limit=5', status: 200 }),
      },
      {
        method: 'POST',
        route: '/api/admin/readers',
        admin: async () => ({ url: '/api/admin/readers', body: readerInput(), status: 201 }),
      },
      {
        method: 'PATCH',
        route: '/api/admin/readers/:id',
        admin: async () => ({
          url: `/api/admin/readers/${(await newReader()).id}`,
          body: { yearsExperience: 9 },
          status: 200,
        }),
      },
      {
        method: 'POST',
        route: '/api/admin/readers/:id/deactivate',
        admin: async () => ({ url: `/api/admin/readers/${(await newReader()).id}/deactivate`, status: 200 }),
      },
      {
        method: 'POST',
        route: '/api/admin/readers/:id/reactivate',
        admin: async () => ({ url: `/api/admin/readers/${(await newReader()).id}/reactivate`, status: 200 }),
      },
      {
        method: 'GET',
        route: '/api/admin/users',
        admin: async () => ({ url: '/api/admin/users?search=test&limit=5', status: 200 }),
      },
      {
        method: 'POST',
        route: '/api/admin/users/:id/suspend',
        admin: async () => ({ url: `/api/admin/users/${(await createClient(app)).id}/suspend`, status: 200 }),
      },
      {
        method: 'POST',
        route: '/api/admin/users/:id/restore',
        admin: async () => ({ url: `/api/admin/users/${(await createClient(app)).id}/restore`, status: 200 }),
      },
      {
        method: 'GET',
        route: '/api/admin/users/:id/card-payments',
        admin: async () => ({ url: `/api/admin/users/${client.id}/card-payments`, status: 200 }),
      },
      {
        method: 'GET',
        route: '/api/admin/sessions',
        admin: async () => ({ url: '/api/admin/sessions?status=requested', status: 200 }),
      },
      {
        method: 'POST',
        route: '/api/admin/sessions/:id/end',
        admin: async () => {
          expect((await http(app, reader.cookie).patch('/api/readers/me', { isOnline: true })).status).toBe(200);
          const requested = await http(app, client.cookie).post('/api/sessions/request', {
            readerId: reader.id,
            sessionType: 'chat',
          });
          expect(requested.status).toBe(201);
          return { url: `/api/admin/sessions/${requested.body.id}/end`, status: 200 };
        },
      },
      {
        method: 'POST',
        route: '/api/admin/payouts/:id/decision',
        admin: async () => {
          const earner = await newReader();
          await fundEarnings(app, earner.id, 2000);
          const payout = await http(app, earner.cookie).post('/api/payouts', { amountCents: 2000 });
          expect(payout.status, JSON.stringify(payout.body)).toBe(201);
          return {
            url: `/api/admin/payouts/${payout.body.payout.id}/decision`,
            body: { decision: 'paid' },
            status: 200,
          };
        },
      },
      {
        method: 'POST',
        route: '/api/admin/deposits/:id/refund',
        admin: async () => {
          // A card deposit through the sandbox's checkout page, credited by its webhook (decision 039).
          const payer = await createClient(app);
          const opened = await http(app, payer.cookie).post(
            '/api/payments/checkout',
            { amountCents: 1000 },
            { 'idempotency-key': randomUUID() },
          );
          const paid = await http(app, payer.cookie).post(
            `/api/payments/sandbox/checkout/${opened.body.checkoutSessionId}/pay`,
            { cardNumber: '4242424242424242' },
          );
          const depositId = new URL(paid.body.redirectUrl).searchParams.get('deposit');
          return { url: `/api/admin/deposits/${depositId}/refund`, body: { amountCents: 500 }, status: 201 };
        },
      },
      {
        method: 'GET',
        route: '/api/admin/shop/shipments',
        admin: async () => ({ url: '/api/admin/shop/shipments', status: 200 }),
      },
      { method: 'GET', route: '/api/admin/reports', admin: async () => ({ url: '/api/admin/reports', status: 200 }) },
      {
        method: 'POST',
        route: '/api/admin/reports/:id/decision',
        admin: async () => {
          const post = await http(app, client.cookie).post('/api/community/posts', {
            title: 'A post to report',
            content: 'Something worth a second look.',
            category: 'General Discussion',
          });
          const report = await http(app, reader.cookie).post('/api/reports', {
            targetType: 'post',
            targetId: post.body.id,
            reason: 'Spam',
          });
          expect(report.status, JSON.stringify(report.body)).toBe(201);
          return { url: `/api/admin/reports/${report.body.id}/decision`, body: { decision: 'dismiss' }, status: 200 };
        },
      },
      {
        method: 'GET',
        route: '/api/admin/reader-applications',
        admin: async () => ({ url: '/api/admin/reader-applications', status: 200 }),
      },
      // Decision 066: promotion codes.
      {
        method: 'POST',
        route: '/api/admin/promotions',
        admin: async () => ({
          url: '/api/admin/promotions',
          body: { code: newPromotionCode(), creditCents: 100, startsAt: new Date().toISOString(), creditDays: 7 },
          status: 201,
        }),
      },
      {
        method: 'GET',
        route: '/api/admin/promotions',
        admin: async () => ({ url: '/api/admin/promotions', status: 200 }),
      },
      {
        method: 'PATCH',
        route: '/api/admin/promotions/:id',
        admin: async () => {
          const created = await http(app, admin.cookie).post('/api/admin/promotions', {
            code: newPromotionCode(),
            creditCents: 100,
            startsAt: new Date().toISOString(),
            creditDays: 7,
          });
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          return { url: `/api/admin/promotions/${created.body.id}`, body: { paused: true }, status: 200 };
        },
      },
      {
        method: 'POST',
        route: '/api/admin/promotions/:id/announce',
        admin: async () => {
          const created = await http(app, admin.cookie).post('/api/admin/promotions', {
            code: newPromotionCode(),
            creditCents: 100,
            startsAt: new Date(Date.now() - 60_000).toISOString(),
            creditDays: 7,
          });
          expect(created.status, JSON.stringify(created.body)).toBe(201);
          return { url: `/api/admin/promotions/${created.body.id}/announce`, status: 200 };
        },
      },
      {
        method: 'GET',
        route: '/api/admin/users/:id/blocks',
        admin: async () => ({ url: `/api/admin/users/${client.id}/blocks`, status: 200 }),
      },
      {
        method: 'POST',
        route: '/api/admin/reader-applications/:id/approve',
        admin: async () => ({ url: `/api/admin/reader-applications/${await newApplication()}/approve`, status: 200 }),
      },
      {
        method: 'POST',
        route: '/api/admin/reader-applications/:id/reject',
        admin: async () => ({
          url: `/api/admin/reader-applications/${await newApplication()}/reject`,
          body: { reason: 'Not at this time' },
          status: 200,
        }),
      },
      {
        method: 'PATCH',
        route: '/api/admin/shop/products/:id',
        admin: async () => {
          const product = await http(app, reader.cookie).post('/api/shop/products', {
            name: 'Oracle deck',
            priceCents: 1500,
            category: 'Tarot',
            isDigital: false,
            stock: 3,
          });
          expect(product.status, JSON.stringify(product.body)).toBe(201);
          return {
            url: `/api/admin/shop/products/${product.body.id}`,
            body: { isHidden: true, reason: 'Counterfeit goods' },
            status: 200,
          };
        },
      },
    ];

    expect(endpoints.map(({ method, route }) => `${method} ${route}`).sort()).toEqual(
      registeredRoutes(app, '/api/admin'),
    );

    for (const endpoint of endpoints) {
      const name = `${endpoint.method} ${endpoint.route}`;
      const { url, body, status } = await endpoint.admin();
      const call = (cookie?: string) => {
        const as = http(app, cookie);
        return endpoint.method === 'GET'
          ? as.get(url)
          : endpoint.method === 'PATCH'
            ? as.patch(url, body)
            : as.post(url, body);
      };
      expect((await call()).status, `${name} signed out`).toBe(401);
      expect((await call(client.cookie)).status, `${name} as a client`).toBe(403);
      expect((await call(reader.cookie)).status, `${name} as a reader`).toBe(403);
      const answer = await call(admin.cookie);
      expect(answer.status, `${name} as an admin: ${JSON.stringify(answer.body)}`).toBe(status);
    }

    // The admin's end cancelled the request, so the reader is free again.
    const [open] = await app.db.select().from(readingSessions).where(eq(readingSessions.readerId, reader.id));
    expect(open).toMatchObject({ status: 'cancelled', endedBy: admin.id });
  });
});
