import { describe, expect, it } from 'vitest';
import { everyEndpoint } from '../../tests/unit/every-endpoint';
import { testApp } from '../../tests/integration/test-app';

/**
 * Routes not yet declared as endpoint objects in src/shared/api (issue 50). The list only shrinks: a
 * feature converted takes its routes off it (docs/decisions/069 says how), and a new route is
 * declared as an endpoint from the start. The goal is an empty list.
 */
const NOT_YET_DECLARED_AS_ENDPOINTS = new Set<string>([
  'POST /api/auth/change-password',
  'GET /api/auth/get-session',
  'GET /api/auth/list-sessions',
  'GET /api/auth/profile',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'POST /api/auth/send-verification-email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'POST /api/auth/sign-up/email',
  'POST /api/auth/two-factor/disable',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/verify-backup-code',
  'POST /api/auth/two-factor/verify-totp',
  'POST /api/auth/update-user',
  'GET /api/auth/verify-email',
]);

/** Test tools the server registers only under development flags (DEV_READING_CLOCK, a readable mailbox…): not the product's API. */
const isDevOnly = (url: string) => url.startsWith('/api/dev/');

const app = await testApp();
const label = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('endpoints declared once (src/shared/api)', () => {
  const endpoints = everyEndpoint();
  const routes = app.apiRoutes.filter((route) => !isDevOnly(route.url));

  it('every /api route is registered from its one endpoint object, with its summary, tag and access', () => {
    const undeclared: string[] = [];
    const problems: string[] = [];
    for (const route of routes) {
      const name = label(route);
      const matching = endpoints.filter(
        ({ endpoint }) => label({ method: endpoint.method, url: endpoint.path }) === name,
      );
      if (NOT_YET_DECLARED_AS_ENDPOINTS.has(name)) {
        if (matching.length > 0) problems.push(`${name}: declared now, take it off NOT_YET_DECLARED_AS_ENDPOINTS`);
        continue;
      }
      const [declared, ...more] = matching;
      if (!declared) {
        undeclared.push(name);
        continue;
      }
      if (more.length > 0) problems.push(`${name}: declared by ${matching.map((m) => m.name).join(' and ')}`);
      const { summary, tags, security } = route.schema as { summary?: string; tags?: string[]; security?: unknown };
      if (summary !== declared.endpoint.summary || tags?.[0] !== declared.endpoint.tag)
        problems.push(`${name}: not registered from ${declared.name} (src/server/endpoint-route.ts route())`);
      const { access } = declared.endpoint;
      const roles = access === 'signed-in' ? [] : access;
      expect(security, name).toEqual(access === 'public' ? [] : [{ session: roles }]);
    }
    expect(problems).toEqual([]);
    expect(undeclared, 'routes without an endpoint object: declare one in src/shared/api').toEqual([]);
  });

  it('every endpoint object has its route', () => {
    const registered = new Set(routes.map(label));
    const missing = endpoints.filter(({ endpoint }) => !registered.has(`${endpoint.method} ${endpoint.path}`));
    expect(missing.map(({ name }) => name)).toEqual([]);
  });

  it('the not-yet list names only routes that exist', () => {
    const registered = new Set(routes.map(label));
    expect([...NOT_YET_DECLARED_AS_ENDPOINTS].filter((name) => !registered.has(name))).toEqual([]);
  });
});
