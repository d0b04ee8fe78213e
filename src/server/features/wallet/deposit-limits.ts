import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  DEPOSIT_LIMIT_FIELDS,
  DEPOSIT_LIMIT_PERIODS,
  type DepositLimitPeriod,
  type DepositLimits,
  type DepositLimitsUpdate,
  type PendingDepositLimit,
} from '@shared/wallet';
import { ERROR_CODES } from '@shared/errors';
import { recordOf } from '@shared/records';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { depositLimits, deposits, user } from '../../db/schema';
import { AppError } from '../../errors';
import {
  changeLimit,
  type DepositLimitState,
  depositLimitMessage,
  findLimitPassed,
  type LimitUse,
  limitAt,
  NO_LIMIT,
} from './deposit-limit-rules';
import { depositWindow } from './deposit-windows';

type LimitStates = Record<DepositLimitPeriod, DepositLimitState>;

/**
 * Orders one user's deposits and limit changes: each takes this lock before it reads what the
 * windows hold, so two deposits racing cannot both fit under the room only one of them has. The
 * user's row is the one row every user has (a limit row may not exist yet); NO KEY UPDATE leaves
 * the foreign-key checks of other tables' inserts free.
 */
export async function lockDepositor(tx: Tx, userId: string) {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('no key update');
}

async function readLimitStates(db: DbOrTx, userId: string, nowMs: number): Promise<LimitStates> {
  const rows = await db.select().from(depositLimits).where(eq(depositLimits.userId, userId));
  const states: LimitStates = { daily: NO_LIMIT, weekly: NO_LIMIT, monthly: NO_LIMIT };
  for (const row of rows) {
    const period = row.period;
    const pending = row.pendingEffectiveAt
      ? { limitCents: row.pendingLimitCents, effectiveAt: row.pendingEffectiveAt }
      : null;
    states[period] = limitAt({ limitCents: row.limitCents, pending }, nowMs);
  }
  return states;
}

function toDepositLimits(states: LimitStates): DepositLimits {
  const pendingOf = ({ pending }: DepositLimitState): PendingDepositLimit | null =>
    pending && { limitCents: pending.limitCents, pendingEffectiveAt: pending.effectiveAt.toISOString() };
  return {
    dailyCents: states.daily.limitCents,
    weeklyCents: states.weekly.limitCents,
    monthlyCents: states.monthly.limitCents,
    pending: { daily: pendingOf(states.daily), weekly: pendingOf(states.weekly), monthly: pendingOf(states.monthly) },
  };
}

export async function getDepositLimits(db: DbOrTx, userId: string, nowMs: number): Promise<DepositLimits> {
  return toDepositLimits(await readLimitStates(db, userId, nowMs));
}

/** Applies each field present in `update` by the rules of `changeLimit`; absent fields stay. */
export async function setDepositLimits(
  db: Db,
  userId: string,
  update: DepositLimitsUpdate,
  nowMs: number,
): Promise<DepositLimits> {
  return db.transaction(async (tx) => {
    await lockDepositor(tx, userId);
    const states = await readLimitStates(tx, userId, nowMs);
    const stamp = new Date(nowMs);
    for (const period of DEPOSIT_LIMIT_PERIODS) {
      const requested = update[DEPOSIT_LIMIT_FIELDS[period]];
      if (requested === undefined) continue;
      const next = changeLimit(states[period], requested, nowMs);
      states[period] = next;
      const values = {
        limitCents: next.limitCents,
        pendingLimitCents: next.pending?.limitCents ?? null,
        pendingEffectiveAt: next.pending?.effectiveAt ?? null,
        updatedAt: stamp,
      };
      await tx
        .insert(depositLimits)
        .values({ userId, period, ...values, createdAt: stamp })
        .onConflictDoUpdate({ target: [depositLimits.userId, depositLimits.period], set: values });
    }
    return toDepositLimits(states);
  });
}

/** What each window holds: every deposit that succeeded or may still succeed (pending). */
async function depositedInWindows(tx: DbOrTx, userId: string, periods: DepositLimitPeriod[], nowMs: number) {
  const startsAt = recordOf(periods, (period) => depositWindow(period, nowMs).startsAt.toISOString());
  const earliest = periods.map((period) => startsAt[period]).reduce((min, start) => (start < min ? start : min));
  const [row] = await tx
    .select(
      recordOf(periods, (period) =>
        sql<number>`coalesce(sum(${deposits.amountCents}) filter (where ${deposits.createdAt} >= ${startsAt[period]}::timestamptz), 0)`.mapWith(
          Number,
        ),
      ),
    )
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        inArray(deposits.status, ['pending', 'succeeded']),
        gte(deposits.createdAt, new Date(earliest)),
      ),
    );
  return row!;
}

/**
 * Refuses (403 DEPOSIT_LIMIT, nothing written) a new deposit that would take a window past a limit
 * in force. Call it inside the transaction that inserts the deposit, after `lockDepositor`.
 */
export async function assertWithinDepositLimits(tx: Tx, userId: string, amountCents: number, nowMs: number) {
  const refusal = await limitPassedBy(tx, userId, amountCents, nowMs);
  if (refusal) throw new AppError(ERROR_CODES.depositLimit, depositLimitMessage(refusal), undefined, refusal);
}

async function limitPassedBy(db: DbOrTx, userId: string, amountCents: number, nowMs: number) {
  const states = await readLimitStates(db, userId, nowMs);
  const limited = DEPOSIT_LIMIT_PERIODS.filter((period) => states[period].limitCents !== null);
  if (limited.length === 0) return null;
  const deposited = await depositedInWindows(db, userId, limited, nowMs);
  const uses: LimitUse[] = limited.map((period) => ({
    period,
    limitCents: states[period].limitCents!,
    depositedCents: deposited[period],
  }));
  return findLimitPassed(uses, amountCents, nowMs);
}

/**
 * Whether a client has reached a deposit limit of their own (not one more cent may come in now): no offer reaches them
 * (decision 066).
 */
export async function hasReachedDepositLimit(db: DbOrTx, userId: string, nowMs: number): Promise<boolean> {
  return (await limitPassedBy(db, userId, 1, nowMs)) !== null;
}
