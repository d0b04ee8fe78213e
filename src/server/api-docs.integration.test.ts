import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@shared/realtime';
import { testApp } from '../../tests/integration/test-app';

/**
 * Routes whose success answer declares no schema yet (issue 27). The list only shrinks: a route
 * that gains a schema must leave it, and a route missing from it must declare one. All are Better
 * Auth's own answers, passed through as they come (features/auth/routes.ts).
 */
const WITHOUT_RESPONSE_SCHEMA = new Set([
  'POST /api/auth/sign-in/email',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'POST /api/auth/two-factor/verify-totp',
  'POST /api/auth/two-factor/verify-backup-code',
  'POST /api/auth/send-verification-email',
  'POST /api/auth/update-user',
  'POST /api/auth/change-password',
  'GET /api/auth/list-sessions',
  'POST /api/auth/two-factor/disable',
  'GET /api/auth/verify-email',
  'GET /api/auth/get-session',
  'POST /api/auth/sign-out',
]);

/** State-changing routes that read no body: the path and the signed-in caller say everything. */
const TAKES_NO_BODY = new Set([
  'POST /api/account/sessions/:id/sign-out',
  'POST /api/account/sessions/sign-out-everywhere',
  'PUT /api/favorites/:readerId',
  'PUT /api/follows/:readerId',
  'POST /api/notifications/read-all',
  'POST /api/notifications/:id/read',
  'POST /api/admin/readers/:id/deactivate',
  'POST /api/admin/readers/:id/reactivate',
  'POST /api/admin/users/:id/suspend',
  'POST /api/admin/users/:id/restore',
  'POST /api/admin/sessions/:id/end',
  'POST /api/admin/promotions/:id/announce',
  'POST /api/shop/shipments/:id/deliver',
  'POST /api/shop/shipments/:id/cancel',
  // The application holds everything an approval needs (issue 31).
  'POST /api/admin/reader-applications/:id/approve',
  'POST /api/community/posts/:id/like',
  // An appointment's answer or cancellation: the appointment and the signed-in side say it all (issue 31).
  'POST /api/appointments/:id/accept',
  'POST /api/appointments/:id/decline',
  'POST /api/appointments/:id/cancel',
  'POST /api/appointments/:id/join',
  'POST /api/live/streams/:id/start',
  'POST /api/live/streams/:id/end',
  'PUT /api/live/streams/:id/reminder',
  'PUT /api/live/streams/:id/mutes/:userId',
  'POST /api/live/streams/:id/join',
  'POST /api/auth/send-verification-email',
  // A reader's payout account: the signed-in reader is all it needs (issue 28).
  'POST /api/payouts/account',
]);

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

let document: Document;
const app = await testApp();
beforeAll(async () => {
  const response = await app.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

const label = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const hasStateChange = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and holds every /api route with its request and response schemas', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(app.apiRoutes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const withoutResponse: string[] = [];
    const withoutBody: string[] = [];
    for (const route of app.apiRoutes) {
      const name = label(route);
      const operation = document.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: not in the document`);
        continue;
      }
      const pathParams = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      if (pathParams.length > 0 && !route.schema.params) problems.push(`${name}: path parameters without a schema`);
      for (const param of pathParams) {
        if (!operation.parameters?.some((p) => p.in === 'path' && p.name === param))
          problems.push(`${name}: no path parameter ${param}`);
      }
      if (route.schema.querystring && !operation.parameters?.some((p) => p.in === 'query'))
        problems.push(`${name}: query schema not in the document`);
      if (route.schema.body) {
        if (!operation.requestBody?.content?.['application/json']?.schema)
          problems.push(`${name}: body schema not in the document`);
      } else if (hasStateChange(route.method) && !TAKES_NO_BODY.has(name)) {
        withoutBody.push(name);
      }
      const responses = operation.responses ?? {};
      if (!responses['4XX']?.content?.['application/json']?.schema)
        problems.push(`${name}: no error answer in the document`);
      const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
      const isDeclared =
        success.length > 0 &&
        success.every(
          ([status, answer]) => status === '204' || Object.values(answer.content ?? {}).some((c) => c.schema),
        );
      if (!isDeclared) withoutResponse.push(name);
    }
    expect(problems).toEqual([]);
    expect(
      withoutBody,
      'state-changing routes without a body schema: declare one, or list the route in TAKES_NO_BODY',
    ).toEqual([]);
    expect(
      withoutResponse.filter((name) => !WITHOUT_RESPONSE_SCHEMA.has(name)),
      'routes without a response schema',
    ).toEqual([]);
    const declaredSince = [...WITHOUT_RESPONSE_SCHEMA].filter((name) => !withoutResponse.includes(name));
    expect(
      declaredSince,
      'these routes declare a response schema now (or are gone): take them off WITHOUT_RESPONSE_SCHEMA',
    ).toEqual([]);
    const everyName = new Set(app.apiRoutes.map(label));
    expect(
      [...TAKES_NO_BODY].filter(
        (name) => !everyName.has(name) || app.apiRoutes.some((r) => label(r) === name && r.schema.body),
      ),
    ).toEqual([]);
  });

  it('names the one error shape as a component', () => {
    expect(document.components?.schemas?.ApiError).toBeDefined();
  });
});

describe('the reference page', () => {
  it('answers HTML that loads only this server’s assets, and each of them answers', async () => {
    const page = await app.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset, 'same origin').toMatch(/^\/api\/docs\//);
      expect((await app.app.inject({ method: 'GET', url: asset })).statusCode, asset).toBe(200);
    }
    const initializer = await app.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
    expect((await app.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('links the socket events, each with its payload schema', async () => {
    expect(JSON.stringify(document)).toContain('/api/docs/events');
    const response = await app.app.inject({ method: 'GET', url: '/api/docs/events' });
    expect(response.statusCode).toBe(200);
    const events = response.json() as {
      serverToClient: { event: string; payload: unknown }[];
      clientToServer: { event: string; payload: unknown; ack: unknown }[];
    };
    expect(events.serverToClient.map((e) => e.event).sort()).toEqual(Object.values(SERVER_EVENTS).sort());
    expect(events.clientToServer.map((e) => e.event).sort()).toEqual(Object.values(CLIENT_EVENTS).sort());
    for (const event of [...events.serverToClient, ...events.clientToServer])
      expect(event.payload, event.event).toEqual(expect.any(Object));
  });
});
