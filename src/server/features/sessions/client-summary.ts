import { and, eq, sql } from 'drizzle-orm';
import type { ClientSessionSummary } from '@shared/sessions';
import { readingSessions } from '../../db/schema';
import type { SessionUser } from '../auth';
import type { SessionDeps } from './deps';

/** Only completed readings count toward a dashboard figure (issue 8); a refund takes its charge back out. */
export async function clientSessionSummary(deps: SessionDeps, user: SessionUser): Promise<ClientSessionSummary> {
  const now = new Date(deps.clock.now());
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const spent = sql`${readingSessions.totalCostCents} - ${readingSessions.refundedCents}`;
  const inMonth = sql`${readingSessions.endedAt} >= ${monthStart.toISOString()}`;
  const [row] = await deps.db
    .select({
      totalSpentCents: sql<number>`coalesce(sum(${spent}), 0)::int`,
      completedSessions: sql<number>`count(*)::int`,
      monthSpentCents: sql<number>`coalesce(sum(${spent}) filter (where ${inMonth}), 0)::int`,
      monthSessions: sql<number>`(count(*) filter (where ${inMonth}))::int`,
      monthMinutes: sql<number>`coalesce(sum(${readingSessions.minutesCharged}) filter (where ${inMonth}), 0)::int`,
    })
    .from(readingSessions)
    .where(and(eq(readingSessions.clientId, user.id), eq(readingSessions.status, 'completed')));
  const { monthMinutes, ...figures } = row!;
  return {
    ...figures,
    monthAverageMinutes: figures.monthSessions === 0 ? null : Math.round(monthMinutes / figures.monthSessions),
  };
}
