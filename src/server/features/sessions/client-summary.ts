import { and, eq, sql } from 'drizzle-orm';
import type { ClientSessionSummary } from '@shared/sessions';
import { readingSessions } from '../../db/schema';
import type { SessionUser } from '../auth';
import { spendingOf } from './client-spending';
import type { SessionDeps } from './deps';

/**
 * Spending counts everything the client bought, net of refunds (shared/spending.ts, decision 057); the
 * session counts and the average length count completed readings only (decision 012).
 */
export async function clientSessionSummary(deps: SessionDeps, user: SessionUser): Promise<ClientSessionSummary> {
  const now = new Date(deps.clock.now());
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const inMonth = sql`${readingSessions.endedAt} >= ${monthStart.toISOString()}`;
  const [row] = await deps.db
    .select({
      completedSessions: sql<number>`count(*)::int`,
      monthSessions: sql<number>`(count(*) filter (where ${inMonth}))::int`,
      monthMinutes: sql<number>`coalesce(sum(${readingSessions.minutesCharged}) filter (where ${inMonth}), 0)::int`,
    })
    .from(readingSessions)
    .where(and(eq(readingSessions.clientId, user.id), eq(readingSessions.status, 'completed')));
  const { monthMinutes, ...counts } = row!;
  const spending = await spendingOf(deps.db, user.id, monthStart);
  return {
    totalSpentCents: spending.totalCents,
    spentBySource: spending.bySource,
    ...counts,
    monthSpentCents: spending.sinceCents,
    monthAverageMinutes: counts.monthSessions === 0 ? null : Math.round(monthMinutes / counts.monthSessions),
  };
}
