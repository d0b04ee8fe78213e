import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { payoutAccounts, payouts } from '../../db/schema';
import { type DecidePayoutDeps, decidePayout } from './decide-payout';
import { WEEK_MS } from '@shared/time-units';

/** Weeks start on Monday 00:00 UTC; 1970-01-05 was a Monday. */
const FIRST_MONDAY_MS = Date.UTC(1970, 0, 5);

export const nextWeeklyRunMs = (nowMs: number) =>
  FIRST_MONDAY_MS + (Math.floor((nowMs - FIRST_MONDAY_MS) / WEEK_MS) + 1) * WEEK_MS;

/**
 * PAYOUT_SCHEDULE=weekly: every pending payout whose reader's account is enabled is sent, as an
 * admin's approval would send it (decided by no one). One that fails stays pending for the next
 * run or an admin; the others go on. Returns how many were paid.
 */
export async function payScheduledPayouts(deps: DecidePayoutDeps, log?: FastifyBaseLogger): Promise<number> {
  const due = await deps.db
    .select({ id: payouts.id })
    .from(payouts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.userId, payouts.readerId))
    .where(and(eq(payouts.status, 'pending'), eq(payoutAccounts.status, 'enabled'), isNull(payouts.transferId)))
    .orderBy(asc(payouts.createdAt));
  let paid = 0;
  for (const { id } of due) {
    try {
      await decidePayout(deps, null, id, { decision: 'paid' });
      paid++;
    } catch (error) {
      log?.warn({ err: error, payoutId: id }, 'a scheduled payout was not sent');
    }
  }
  return paid;
}

/** Runs payScheduledPayouts each Monday 00:00 UTC on the system clock; `stop` before closing. */
export function startPayoutSchedule(deps: DecidePayoutDeps, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const arm = () => {
    const now = deps.clock.now();
    // setTimeout holds at most ~24.8 days; a week is well within it.
    timer = setTimeout(() => {
      running = payScheduledPayouts(deps, log)
        .catch((error: unknown) => log.error({ err: error }, 'the payout schedule failed'))
        .finally(arm);
    }, nextWeeklyRunMs(now) - now);
    timer.unref();
  };
  arm();
  return {
    async stop() {
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
