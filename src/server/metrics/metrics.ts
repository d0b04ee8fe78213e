import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { notFound, unauthorized } from '../errors';

export interface MetricsDeps {
  db: Db;
  /** Sockets connected to this process. */
  socketCount: () => number;
  /** METRICS_TOKEN: asked as `Authorization: Bearer …` when set. */
  token: string | undefined;
  /** Production without a token serves no metrics at all: they are never public there. */
  isProduction: boolean;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

type Totals = Record<'billed_minutes' | 'active_readings' | 'session_charges' | 'session_charged_cents' | 'mail_queued', string>;

/** The database's figures, read at each scrape: the same on every node, and exact. */
async function readTotals(db: Db): Promise<Totals | undefined> {
  const [row] = await queryRows<Totals>(
    db,
    sql`
      select
        (select coalesce(sum(minutes_charged), 0) from reading_sessions) as billed_minutes,
        (select count(*) from reading_sessions where status = 'active') as active_readings,
        (select count(*) from ledger_transfers where kind = 'session_charge') as session_charges,
        (select coalesce(sum(amount_cents), 0) from ledger_transfers where kind = 'session_charge') as session_charged_cents,
        (select count(*) from mail_messages where status = 'queued') as mail_queued
    `,
  );
  return row;
}

/**
 * Prometheus metrics at `GET /metrics` (prom-client): each request's latency by route, and at each
 * scrape the billed minutes, ledger charges, active readings and queued mail from the database, and
 * this process's sockets. A registry per app, so several apps in one process (tests) never share one.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps) {
  const registry = new Registry();
  const latency = new Histogram({
    name: 'soul_tribe_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw path: one series per route, whatever ids people send.
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const fromDatabase = {
    billed_minutes: gauge('soul_tribe_billed_minutes', 'Reading minutes billed, all readings, every node (from the database).'),
    active_readings: gauge('soul_tribe_active_readings', 'Readings in progress now (from the database).'),
    session_charges: gauge('soul_tribe_ledger_session_charge_transfers', 'Ledger transfers of per-minute charges: two a minute, the reader\'s share and the platform\'s (from the database).'),
    session_charged_cents: gauge('soul_tribe_ledger_session_charged_cents', 'Cents charged per minute to clients, in all (from the database).'),
    mail_queued: gauge('soul_tribe_mail_queue_depth', 'Mail waiting to be sent (from the database).'),
  };
  const sockets = gauge('soul_tribe_sockets', 'Socket.IO connections to this process.');

  app.get('/metrics', async (request, reply) => {
    if (!deps.token) {
      if (deps.isProduction) throw notFound('Not found');
    } else if (!sameToken(request.headers.authorization ?? '', `Bearer ${deps.token}`)) {
      throw unauthorized('A metrics token is required');
    }
    const totals = await readTotals(deps.db);
    for (const [column, metric] of Object.entries(fromDatabase)) metric.set(Number(totals?.[column as keyof typeof fromDatabase] ?? 0));
    sockets.set(deps.socketCount());
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
