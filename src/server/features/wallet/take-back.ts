import type { Tx } from '../../db/client';
import { inArray } from 'drizzle-orm';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema';
import {
  disputesAccountId,
  lockAccounts,
  SYSTEM_ACCOUNTS,
  type TransferKind,
  transfer,
  walletAccountId,
} from './ledger';

export interface TakeBack {
  userId: string;
  amountCents: number;
  kind: TransferKind;
  reference: string;
  /** The base of the two transfers' keys (`<key>:wallet`, `<key>:shortfall`). */
  idempotencyKey: string;
}

/**
 * Money that left by the card it came in on (a refund confirmed, a lost dispute): taken from the
 * wallet, as far as the wallet holds it, and the rest from the user's disputes: account, which may
 * go below zero and so shows what the person owes (docs/decisions/039). No other account goes
 * below zero. Both are new transfers to external:payments; nothing is edited. Locks the wallet,
 * then the system-side accounts, in the ledger's order (docs/decisions/006).
 */
export async function takeBackToCard(
  tx: Tx,
  input: TakeBack,
): Promise<{ fromWalletCents: number; shortfallCents: number }> {
  const wallet = walletAccountId(input.userId);
  const disputes = disputesAccountId(input.userId);
  const keys = { wallet: `${input.idempotencyKey}:wallet`, shortfall: `${input.idempotencyKey}:shortfall` };
  // A replay answers the first split: the wallet may hold another amount now, and splitting again
  // would reuse the keys for other movements.
  const made = await tx
    .select()
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.idempotencyKey, [keys.wallet, keys.shortfall]));
  if (made.length > 0) {
    const cents = (key: string) => Number(made.find((t) => t.idempotencyKey === key)?.amountCents ?? 0);
    return { fromWalletCents: cents(keys.wallet), shortfallCents: cents(keys.shortfall) };
  }
  await tx
    .insert(ledgerAccounts)
    .values({ id: disputes, kind: 'disputes', userId: input.userId })
    .onConflictDoNothing({ target: ledgerAccounts.id });
  const balances = await lockAccounts(tx, [wallet, disputes, SYSTEM_ACCOUNTS.external]);
  const fromWalletCents = Math.min(Math.max(balances.get(wallet) ?? 0, 0), input.amountCents);
  const shortfallCents = input.amountCents - fromWalletCents;
  const legs = [
    { account: wallet, cents: fromWalletCents, key: keys.wallet },
    { account: disputes, cents: shortfallCents, key: keys.shortfall },
  ];
  for (const leg of legs) {
    if (leg.cents <= 0) continue;
    await transfer(tx, {
      debitAccountId: leg.account,
      creditAccountId: SYSTEM_ACCOUNTS.external,
      amountCents: leg.cents,
      kind: input.kind,
      reference: input.reference,
      idempotencyKey: leg.key,
    });
  }
  return { fromWalletCents, shortfallCents };
}
