import Ajv2020 from 'ajv/dist/2020';
import { getCookies } from 'better-auth/cookies';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { authApi } from '@shared/api/auth';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@shared/realtime';
import { problemLine, redoclyProblems } from '../../scripts/redocly-lint';
import { cookieFrom, type HttpResponse, http } from '../../tests/integration/http';
import { latestMail, tokenOf } from '../../tests/integration/mailbox';
import { totpCode } from '../../tests/integration/totp';
import { TEST_ORIGIN, testApp } from '../../tests/integration/test-app';
import { isDevTool, registerApiDocs } from './api-docs';
import { requireUser } from './features/auth';
import { responseSerializer } from './response-serializer';
import { SLOW_MACHINE_TIMEOUT_MS } from '../../tests/integration/timeouts';

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
  // The application holds everything an approval needs (decision 045).
  'POST /api/admin/reader-applications/:id/approve',
  'POST /api/community/posts/:id/like',
  // An appointment's answer or cancellation: the appointment and the signed-in side say it all (decision 048).
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
  // A reader's payout account: the signed-in reader is all it needs (decision 039).
  'POST /api/payouts/account',
]);

type Answer = { $ref?: string; description?: string; content?: Record<string, { schema?: unknown }> };
type Operation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, Answer>;
};
type Document = {
  openapi: string;
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, unknown>;
    responses?: Record<string, Answer>;
    securitySchemes?: Record<string, Record<string, string>>;
  };
};

let document: Document;
const app = await testApp({ env: { METRICS_TOKEN: 'metrics-token-of-the-docs-test' } });
const withoutDocs = await testApp({ env: { API_DOCS: 'off' } });
/** As production runs: on https, its session cookie named so, and GET /metrics behind its token. */
const asInProduction = await testApp({
  env: { PUBLIC_URL: 'https://soultribe.app', METRICS_TOKEN: 'metrics-token-of-the-docs-test' },
});
beforeAll(async () => {
  const response = await app.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

const label = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
/** The /api routes a client is built for: those the document holds (not the development tools). */
const apiRoutes = () => app.apiRoutes.filter((route) => !isDevTool(route.url));
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
  );
/** An answer as the document gives it, its reference (the one error answer) followed. */
const answerOf = (answer: Answer | undefined): Answer | undefined =>
  answer?.$ref ? document.components?.responses?.[answer.$ref.replace('#/components/responses/', '')] : answer;
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const hasStateChange = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and holds every /api route with its request and response schemas', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(apiRoutes().length).toBeGreaterThan(100);
    const problems: string[] = [];
    const withoutResponse: string[] = [];
    const withoutBody: string[] = [];
    for (const route of apiRoutes()) {
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
      if (!answerOf(responses['4XX'])?.content?.['application/json']?.schema)
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
    expect(withoutResponse, 'routes without a success answer in the document').toEqual([]);
    const everyName = new Set(app.apiRoutes.map(label));
    expect(
      [...TAKES_NO_BODY].filter(
        (name) => !everyName.has(name) || app.apiRoutes.some((r) => label(r) === name && r.schema.body),
      ),
    ).toEqual([]);
  });

  it('names the one error shape as a component', () => {
    expect(document.components?.schemas?.ApiError).toBeDefined();
    expect(answerOf({ $ref: '#/components/responses/ApiError' })?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    });
  });

  it('holds the API only: no page or file of the web app, no development tool; GET /metrics with its token', () => {
    expect(app.routes.some((route) => !route.url.startsWith('/api/') && route.url !== '/metrics')).toBe(true);
    expect(app.apiRoutes.some((route) => isDevTool(route.url))).toBe(true);
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !path.startsWith('/api/') && path !== '/metrics')).toEqual([]);
    expect(paths.filter(isDevTool)).toEqual([]);
    expect(document.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
  });

  it('names this site as its server, and the cookies and the token its callers send', () => {
    expect(document.servers?.map((server) => server.url)).toEqual([app.config.publicUrl]);
    const schemes = document.components?.securitySchemes ?? {};
    expect(schemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: getCookies(app.auth.options).sessionToken.name,
    });
    expect(schemes.session?.description).toContain('`__Secure-better-auth.session_token`');
    expect(schemes.twoFactorChallenge).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'better-auth.two_factor' });
    expect(schemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('gives every operation one tag, described at the top, and a security requirement of known schemes', () => {
    const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    const used = new Set<string>();
    const problems: string[] = [];
    for (const { name, operation } of operations()) {
      if (operation.tags?.length !== 1) problems.push(`${name}: tags ${JSON.stringify(operation.tags)}`);
      for (const tag of operation.tags ?? []) {
        used.add(tag);
        if (!described.get(tag)) problems.push(`${name}: its tag ${tag} needs a description (api-docs.ts)`);
      }
      if (!operation.security) problems.push(`${name}: no security requirement`);
      for (const scheme of (operation.security ?? []).flatMap(Object.keys))
        if (!schemes.includes(scheme)) problems.push(`${name}: no security scheme ${scheme}`);
    }
    expect(problems).toEqual([]);
    expect([...described.keys()].sort()).toEqual([...used].sort());
  });

  it('asks for the session exactly where a signed-out caller is refused', async () => {
    const mismatches: string[] = [];
    for (const route of apiRoutes()) {
      const security = document.paths[openapiPath(route.url)]?.[route.method.toLowerCase()]?.security ?? [];
      const needsSession = security.length > 0 && security.every((requirement) => 'session' in requirement);
      // A choice of ways in (the session when there is one, the two-factor cookie) is not either.
      if (!needsSession && security.length > 0) continue;
      const hasBody = hasStateChange(route.method);
      const answer = await app.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[^/]+/g, 'not-an-id'),
        headers: { origin: TEST_ORIGIN, ...(hasBody && { 'content-type': 'application/json' }) },
        ...(hasBody && { payload: '{}' }),
      });
      if ((answer.statusCode === 401) !== needsSession)
        mismatches.push(
          `${label(route)} answers ${answer.statusCode} signed out; security ${JSON.stringify(security)}`,
        );
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the security of a route', () => {
  it('follows its sign-in guard, with the roles it lets in, unless the route names its own', async () => {
    const bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(responseSerializer);
    const { routes } = await registerApiDocs(bare, {
      config: { apiDocs: 'off', publicUrl: TEST_ORIGIN },
      auth: app.auth,
    });
    bare.get('/api/open/things', async () => ({}));
    bare.get('/api/mine/things', { onRequest: requireUser(app.auth) }, async () => ({}));
    bare.get('/api/admin/things', { onRequest: [requireUser(app.auth, 'reader', 'admin')] }, async () => ({}));
    bare.get(
      '/api/declared',
      { onRequest: requireUser(app.auth), schema: { tags: ['things'], security: [] } },
      async () => ({}),
    );
    await bare.ready();
    expect(Object.fromEntries(routes.map(({ url, schema }) => [url, schema.security]))).toEqual({
      '/api/open/things': [],
      '/api/mine/things': [{ session: [] }],
      '/api/admin/things': [{ session: ['reader', 'admin'] }],
      '/api/declared': [],
    });
    await bare.close();
  });
});

describe('Better Auth’s routes', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const checked = new Set<string>();
  /** Checks an answer against the document's schema for its route and status. */
  function check<T extends HttpResponse>(name: string, response: T): T {
    const [method = '', url = ''] = name.split(' ');
    const answer = answerOf(document.paths[openapiPath(url)]?.[method.toLowerCase()]?.responses?.[response.status]);
    expect(answer, `${name} answered ${response.status} ${JSON.stringify(response.body)}`).toBeDefined();
    const schema = answer?.content?.['application/json']?.schema;
    if (schema) {
      const validate = ajv.compile({ ...(schema as object), components: document.components });
      expect(validate(response.body), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    checked.add(name);
    return response;
  }

  it('each answer as the document says, on every one the app exposes', {
    timeout: SLOW_MACHINE_TIMEOUT_MS,
  }, async () => {
    const email = `docs-${Date.now()}@example.com`;
    const [first, second, third] = ['first-password-1', 'second-password-2', 'third-password-3'];
    check(
      'POST /api/auth/sign-up/email',
      await http(app).post('/api/auth/sign-up/email', { name: 'Docs', email, password: first }),
    );
    const signedIn = check(
      'POST /api/auth/sign-in/email',
      await http(app).post('/api/auth/sign-in/email', { email, password: first }),
    );
    let cookie = cookieFrom(signedIn.headers);
    check('POST /api/auth/send-verification-email', await http(app, cookie).post('/api/auth/send-verification-email'));
    const link = new URL((await latestMail(app, email, 'verify_email')).links[0]!.url);
    expect(check('GET /api/auth/verify-email', await http(app).get(link.pathname + link.search)).status).toBe(302);
    const again = `/api/auth/verify-email?token=${encodeURIComponent(link.searchParams.get('token') ?? '')}`;
    expect(check('GET /api/auth/verify-email', await http(app).get(again)).status).toBe(200);
    expect(check('GET /api/auth/get-session', await http(app, cookie).get('/api/auth/get-session')).body).toBeTruthy();
    expect(check('GET /api/auth/get-session', await http(app).get('/api/auth/get-session')).body).toBeNull();
    check('GET /api/auth/profile', await http(app, cookie).get('/api/auth/profile'));
    check('GET /api/auth/list-sessions', await http(app, cookie).get('/api/auth/list-sessions'));
    check('POST /api/auth/update-user', await http(app, cookie).post('/api/auth/update-user', { name: 'Docs Two' }));
    const changed = check(
      'POST /api/auth/change-password',
      await http(app, cookie).post('/api/auth/change-password', { currentPassword: first, newPassword: second }),
    );
    cookie = cookieFrom(changed.headers) || cookie;
    check('POST /api/auth/request-password-reset', await http(app).post('/api/auth/request-password-reset', { email }));
    const token = tokenOf(await latestMail(app, email, 'reset_password'));
    const reset = check(
      'POST /api/auth/reset-password',
      await http(app).post('/api/auth/reset-password', { token, newPassword: third }),
    );
    cookie = cookieFrom(reset.headers);
    const enabled = check(
      'POST /api/auth/two-factor/enable',
      await http(app, cookie).post('/api/auth/two-factor/enable', { password: third }),
    );
    const code = totpCode(enabled.body.totpURI);
    check(
      'POST /api/auth/two-factor/verify-totp',
      await http(app, cookie).post('/api/auth/two-factor/verify-totp', { code }),
    );
    check('POST /api/auth/sign-out', await http(app, cookie).post('/api/auth/sign-out'));
    const challenge = check(
      'POST /api/auth/sign-in/email',
      await http(app).post('/api/auth/sign-in/email', { email, password: third }),
    );
    expect(challenge.body).toMatchObject({ twoFactorRedirect: true });
    const backup = check(
      'POST /api/auth/two-factor/verify-backup-code',
      await http(app, cookieFrom(challenge.headers)).post('/api/auth/two-factor/verify-backup-code', {
        code: enabled.body.backupCodes[0],
      }),
    );
    cookie = cookieFrom(backup.headers);
    check(
      'POST /api/auth/two-factor/disable',
      await http(app, cookie).post('/api/auth/two-factor/disable', { password: third }),
    );
    expect(
      Object.values(authApi)
        .map(({ method, path }) => `${method} ${path}`)
        .filter((name) => !checked.has(name)),
    ).toEqual([]);
  });
});

describe('with API_DOCS=off (production’s default)', () => {
  it('answers 404 for the reference page and the document; the routes keep their error answers all the same', async () => {
    for (const url of [
      '/api/docs',
      '/api/docs/openapi.json',
      '/api/docs/json',
      '/api/docs/static/swagger-initializer.js',
    ])
      expect((await withoutDocs.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    expect(withoutDocs.apiRoutes.map(label)).toEqual(app.apiRoutes.map(label));
    expect(withoutDocs.apiRoutes.every((route) => (route.schema.response as Record<string, unknown>)['4xx'])).toBe(
      true,
    );
  });
});

describe("Redocly's recommended rules (redocly.yaml)", () => {
  it('find no error in the document the app serves as in production', async () => {
    const answer = await asInProduction.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const problems = await redoclyProblems(answer.body);
    expect(problems.filter((p) => p.severity === 'error').map(problemLine)).toEqual([]);
    // Redocly answered: the recommended rules warn of at least the operations without an id.
    expect(problems.some((p) => p.ruleId === 'operation-operationId')).toBe(true);
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
    // Swagger UI opens on the folded tags, and resolves one operation at a time (api-docs.ts).
    expect(initializer.body).toContain('"docExpansion":"none"');
    expect(initializer.body).toContain('function resolveOnePathAtATime(system)');
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
