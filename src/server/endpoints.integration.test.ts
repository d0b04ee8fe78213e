import { describe, expect, it } from 'vitest';
import { everyEndpoint } from '../../tests/unit/every-endpoint';
import { testApp } from '../../tests/integration/test-app';

// The development tools too (src/shared/api/dev.ts), each registered only under its flag.
const app = await testApp({ env: { DEV_APPOINTMENT_SHORTCUT: 'true', DEV_READING_CLOCK: 'true' } });
const label = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('endpoints declared once (src/shared/api)', () => {
  const endpoints = everyEndpoint();
  const routes = app.apiRoutes;

  it('as many as the /api routes registered', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(endpoints.length).toBe(routes.length);
  });

  it('every /api route is registered from its one endpoint object, with its summary, tag and access', () => {
    const undeclared: string[] = [];
    const problems: string[] = [];
    for (const route of routes) {
      const name = label(route);
      const matching = endpoints.filter(
        ({ endpoint }) => label({ method: endpoint.method, url: endpoint.path }) === name,
      );
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
      expect(security, name).toEqual(declared.endpoint.security ?? (access === 'public' ? [] : [{ session: roles }]));
    }
    expect(problems).toEqual([]);
    expect(undeclared, 'routes without an endpoint object: declare one in src/shared/api').toEqual([]);
  });

  it('every endpoint object has its route', () => {
    const registered = new Set(routes.map(label));
    const missing = endpoints.filter(({ endpoint }) => !registered.has(`${endpoint.method} ${endpoint.path}`));
    expect(missing.map(({ name }) => name)).toEqual([]);
  });
});
