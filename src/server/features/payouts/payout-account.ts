import { eq } from 'drizzle-orm';
import type { PayoutAccount } from '@shared/payments';
import type { Clock } from '../../clock';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { payoutAccounts, user } from '../../db/schema';
import { notFound } from '../../errors';
import type { PaymentsProvider } from '../../payments/provider';

/** The parts of Stripe's account object account.updated carries that we keep. */
export interface ConnectAccountUpdate {
  id: string;
  payouts_enabled?: boolean | null;
  details_submitted?: boolean | null;
  requirements?: { currently_due?: string[] | null; disabled_reason?: string | null } | null;
}

export async function getPayoutAccount(db: DbOrTx, userId: string): Promise<PayoutAccount> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row ? { status: row.status, requirements: row.requirements } : { status: 'none', requirements: [] };
}

/**
 * A reader connects a payout account: a Stripe Connect Express account is made once (keyed by the
 * reader, so a retry finds it), and each call answers a fresh onboarding link. Its status is
 * 'pending' until Stripe's account.updated says payouts are enabled.
 */
export async function connectPayoutAccount(
  deps: { db: Db; payments: PaymentsProvider; clock: Clock; publicUrl: string },
  userId: string,
): Promise<{ url: string }> {
  const [owner] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!owner) throw notFound('User not found');
  let [row] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  if (!row) {
    const { accountId } = await deps.payments.createConnectAccount({
      userId,
      email: owner.email,
      idempotencyKey: `payout-account:${userId}`,
    });
    const now = new Date(deps.clock.now());
    await deps.db
      .insert(payoutAccounts)
      .values({ userId, accountId, status: 'pending', requirements: [], createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    [row] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  }
  const earnings = `${deps.publicUrl}/dashboard/earnings`;
  return deps.payments.createAccountLink({
    accountId: row!.accountId,
    returnUrl: `${earnings}?payout_account=return`,
    refreshUrl: `${earnings}?payout_account=refresh`,
  });
}

/** account.updated: the account's status follows what Stripe says it may do. */
export async function handleAccountUpdated(tx: Tx, account: ConnectAccountUpdate, now: Date): Promise<string> {
  const currentlyDue = account.requirements?.currently_due ?? [];
  const status = account.payouts_enabled
    ? 'enabled'
    : account.details_submitted || account.requirements?.disabled_reason
      ? 'restricted'
      : 'pending';
  const [updated] = await tx
    .update(payoutAccounts)
    .set({ status, requirements: currentlyDue, updatedAt: now })
    .where(eq(payoutAccounts.accountId, account.id))
    .returning({ userId: payoutAccounts.userId });
  return updated ? `handled: account ${status}` : 'ignored: account of no reader of ours';
}
