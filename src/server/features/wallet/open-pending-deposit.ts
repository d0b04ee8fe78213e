import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deposits } from '../../db/schema';
import { assertNotOnBreak } from './account-break';
import { assertWithinDepositLimits, lockDepositor } from './deposit-limits';

type DepositRow = typeof deposits.$inferSelect;

export interface PendingDepositFields {
  userId: string;
  idempotencyKey: string;
  amountCents: number;
  paymentMethodId: string;
  provider: DepositRow['provider'];
  /** Set when the provider is asked at once (a direct charge); null for a checkout page. */
  attemptStartedAt?: Date | null;
  /** A promotion code given with it (decision 066), already checked: its bonus comes when the deposit is credited. */
  promotionId?: string | null;
}

/**
 * A new pending deposit, under the person's lock and within their deposit limits; or, for a key
 * already used, the deposit it names (a replay or a retry of one the limits let through when it was
 * new: it answers as before and is never counted twice). Both ways of adding money start here.
 */
export async function openPendingDeposit(
  tx: Tx,
  fields: PendingDepositFields,
  now: Date,
): Promise<{ deposit: DepositRow; isReplay: boolean }> {
  await lockDepositor(tx, fields.userId);
  const byKey = and(eq(deposits.userId, fields.userId), eq(deposits.idempotencyKey, fields.idempotencyKey));
  const [used] = await tx.select().from(deposits).where(byKey);
  if (used) return { deposit: used, isReplay: true };
  // A client on a break they took adds no funds until it ends (decision 066), by any way in.
  await assertNotOnBreak(tx, fields.userId, now);
  await assertWithinDepositLimits(tx, fields.userId, fields.amountCents, now.getTime());
  const [row] = await tx
    .insert(deposits)
    .values({
      id: randomUUID(),
      ...fields,
      attemptStartedAt: fields.attemptStartedAt ?? null,
      promotionId: fields.promotionId ?? null,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [deposits.userId, deposits.idempotencyKey] })
    .returning();
  if (row) return { deposit: row, isReplay: false };
  const [existing] = await tx.select().from(deposits).where(byKey);
  return { deposit: existing!, isReplay: true };
}
