import { ERROR_CODES } from '@shared/errors';
import type { AccountBreak } from '@shared/wallet';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { accountBreaks } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { hasReachedDepositLimit } from './deposit-limits';
import { DAY_MS } from '@shared/time-units';

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** When the client's break in force ends, or null when they are not on one. */
export async function breakEndsAt(db: DbOrTx, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ endsAt: accountBreaks.endsAt })
    .from(accountBreaks)
    .where(and(eq(accountBreaks.userId, userId), gt(accountBreaks.endsAt, now)));
  return row?.endsAt ?? null;
}

export async function getAccountBreak(db: DbOrTx, userId: string, now: Date): Promise<AccountBreak> {
  return { endsAt: (await breakEndsAt(db, userId, now))?.toISOString() ?? null };
}

/**
 * 'Take a break' (decision 066): the client pauses their own account for `days`. A break in force may
 * only be made longer, never shorter or ended (the point of it is that a moment's urge cannot undo
 * it); one that has ended is replaced.
 */
export async function takeBreak(db: Db, userId: string, days: number, now: Date): Promise<AccountBreak> {
  const endsAt = new Date(now.getTime() + days * DAY_MS);
  const [saved] = await db
    .insert(accountBreaks)
    .values({ userId, startsAt: now, endsAt })
    .onConflictDoUpdate({
      target: accountBreaks.userId,
      set: {
        startsAt: sql`case when ${accountBreaks.endsAt} > ${now.toISOString()}::timestamptz then ${accountBreaks.startsAt} else excluded.starts_at end`,
        endsAt,
      },
      setWhere: sql`${accountBreaks.endsAt} < excluded.ends_at`,
    })
    .returning({ endsAt: accountBreaks.endsAt });
  if (!saved) {
    const current = await breakEndsAt(db, userId, now);
    throw conflict(
      `You are on a break until ${dayFormat.format(current ?? endsAt)} UTC. It can be made longer, not shorter.`,
    );
  }
  return { endsAt: saved.endsAt.toISOString() };
}

/**
 * Why no offer may reach this client now (decision 066: a deposit limit they set is reached, or they are
 * on a break they took), or null when offers may. Codes, the welcome offer and referral rewards all ask here.
 */
export async function offersPausedReason(db: DbOrTx, userId: string, now: Date): Promise<string | null> {
  if (await hasReachedDepositLimit(db, userId, now.getTime()))
    return 'Offers are paused while you are at a deposit limit you set';
  if (await breakEndsAt(db, userId, now)) return 'Offers are paused while you take a break';
  return null;
}

/** No funds in and nothing paid while the client is on a break they took (403 ON_A_BREAK). */
export async function assertNotOnBreak(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const endsAt = await breakEndsAt(db, userId, now);
  if (endsAt) {
    throw new AppError(
      ERROR_CODES.onABreak,
      `You are taking a break until ${dayFormat.format(endsAt)} UTC: adding funds and paid readings are paused until then.`,
      undefined,
      {
        endsAt: endsAt.toISOString(),
      },
    );
  }
}
