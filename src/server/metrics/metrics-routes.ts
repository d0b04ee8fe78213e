import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { unauthorized } from '../errors';
import { processRegistry } from './process-metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The `route` label of the request metric when the route's own pattern would not do: each file
     * of the web build is a route of its own (web.ts), and they share one label per folder.
     */
    metricsRoute?: string;
  }
}

export interface MetricsDeps {
  db: Db;
  /** Sockets connected to this process. */
  socketCount: () => number;
  /** METRICS_TOKEN: when set, a scrape must send it as a bearer token. */
  token: string | undefined;
  /** In production `/metrics` exists only behind a token: it tells the load and the routes to anyone. */
  isProduction: boolean;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const bearerOf = (request: FastifyRequest) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';

/**
 * `GET /metrics` in Prometheus' text format (decision 050): every request's latency by route, and on
 * each scrape the readings running, the sockets open and the mail waiting, read then, beside the
 * process's counters (process-metrics.ts). Called on the root instance, so its hook sees every route.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps) {
  if (deps.isProduction && !deps.token) return;
  const registry = new Registry();

  const requestSeconds = new Histogram({
    name: 'soul_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, not the path: one series per route, whatever ids the paths carry; the
    // build's files by folder (`/assets/*`), however many a build has.
    const route = request.routeOptions.config.metricsRoute ?? request.routeOptions.url ?? 'unmatched';
    requestSeconds.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  new Gauge({
    name: 'soul_active_readings',
    help: 'Readings under way (billing, or paused), read from the database at the scrape.',
    labelNames: ['paused'] as const,
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ running: number; paused: number }>(
        deps.db,
        sql`select count(*) filter (where paused_at is null)::int as running, count(*) filter (where paused_at is not null)::int as paused
            from reading_sessions where status = 'active'`,
      );
      this.set({ paused: 'false' }, Number(row?.running ?? 0));
      this.set({ paused: 'true' }, Number(row?.paused ?? 0));
    },
  });
  new Gauge({
    name: 'soul_sockets',
    help: 'Socket.IO connections open on this process.',
    registers: [registry],
    collect() {
      this.set(deps.socketCount());
    },
  });
  new Gauge({
    name: 'soul_mail_queue_depth',
    help: 'Mail queued and not yet sent (including retries waiting for their next attempt).',
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ queued: number }>(
        deps.db,
        sql`select count(*)::int as queued from mail_messages where status = 'queued'`,
      );
      this.set(Number(row?.queued ?? 0));
    },
  });

  const scraped = Registry.merge([processRegistry, registry]);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (deps.token && !sameSecret(bearerOf(request), deps.token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized('Send the metrics token as a bearer token');
    }
    return reply.type(scraped.contentType).send(await scraped.metrics());
  });
}
