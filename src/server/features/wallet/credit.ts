import { RETURNED_CREDIT_GRACE_DAYS, type CreditSource } from '@shared/promotions';
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { creditGrants, creditSpends, ledgerAccounts, ledgerTransfers } from '../../db/schema';
import { queryRows } from '../../db/query-rows';
import {
  chargeManyWithSplit,
  chargeAccountsOf,
  InsufficientFundsError,
  lockAccounts,
  type SplitChargeInput,
  type SplitChargeOutcome,
  type SplitChargeResult,
  SPLIT_LEG_SUFFIX,
  transfer,
  walletAccountId,
} from './ledger';
import { DAY_MS } from '@shared/time-units';

/**
 * Promotional credit (docs/decisions/066). A client's credit sits in `credit:<userId>`,
 * apart from their cash in `wallet:<userId>`; each grant of it comes from marketing:promotions and
 * is a credit_grants row with what is left of it and when it expires. A charge spends credit first:
 * in the charge's transaction the credit it uses moves to the wallet (credit_spend, under the
 * charge's reference and key) and the wallet pays the whole price as before, so the reader's share
 * is 70% of the full price and every refund rule stays the ledger's. A refund gives the credit
 * part back to credit: (returnCredit), so credit never becomes cash that a card refund or a payout
 * could take. Lock order: credit: and marketing: are system-ranked accounts (after every wallet,
 * escrow and earnings, by id), so a transaction locks them with its other accounts up front.
 */
export const creditAccountId = (userId: string) => `credit:${userId}`;
export const MARKETING_ACCOUNT_ID = 'marketing:promotions';

/** A charge's credit_spend transfer, and a refund's credit_return, are keyed by the charge's (refund's) key and this. */
const CREDIT_LEG_SUFFIX = ':credit';

export interface GrantCreditInput {
  /** Chosen by the caller so a retry finds the same grant (`promo:<promotion>:<user>`, …). */
  id: string;
  userId: string;
  amountCents: number;
  source: CreditSource;
  promotionId?: string | null;
  /** The deposit whose top-up earned it (a bonus): a refund or dispute of that deposit takes back what is left of it. */
  depositId?: string | null;
  expiresAt: Date;
  now: Date;
}

/**
 * Gives a client credit: a grant row and its transfer from marketing:promotions, in the caller's
 * transaction. A second call with the same id gives nothing (`created: false`).
 */
export async function grantCredit(tx: Tx, input: GrantCreditInput): Promise<{ created: boolean }> {
  const inserted = await tx
    .insert(creditGrants)
    .values({
      id: input.id,
      userId: input.userId,
      source: input.source,
      promotionId: input.promotionId ?? null,
      depositId: input.depositId ?? null,
      amountCents: input.amountCents,
      remainingCents: input.amountCents,
      expiresAt: input.expiresAt,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: creditGrants.id })
    .returning({ id: creditGrants.id });
  if (inserted.length === 0) return { created: false };
  const account = creditAccountId(input.userId);
  await tx
    .insert(ledgerAccounts)
    .values({ id: account, kind: 'credit', userId: input.userId })
    .onConflictDoNothing({ target: ledgerAccounts.id });
  await lockAccounts(tx, [account, MARKETING_ACCOUNT_ID]);
  await transfer(tx, {
    debitAccountId: MARKETING_ACCOUNT_ID,
    creditAccountId: account,
    amountCents: input.amountCents,
    kind: 'credit_grant',
    reference: grantReference(input.id),
    idempotencyKey: grantReference(input.id),
  });
  return { created: true };
}

const grantReference = (grantId: string) => `credit-grant:${grantId}`;

interface UsableGrant {
  id: string;
  userId: string;
  remainingCents: number;
  expiresAt: Date;
}

function usableGrants(db: DbOrTx, userIds: string[], now: Date): Promise<UsableGrant[]> {
  return db
    .select({
      id: creditGrants.id,
      userId: creditGrants.userId,
      remainingCents: creditGrants.remainingCents,
      expiresAt: creditGrants.expiresAt,
    })
    .from(creditGrants)
    .where(
      and(
        inArray(creditGrants.userId, userIds),
        isNull(creditGrants.sweptAt),
        gt(creditGrants.remainingCents, 0),
        gt(creditGrants.expiresAt, now),
      ),
    )
    .orderBy(asc(creditGrants.userId), asc(creditGrants.expiresAt), asc(creditGrants.id));
}

export interface UsableCredit {
  creditCents: number;
  /** The credit that expires soonest (every grant ending at that moment), or null. */
  nextCreditExpiry: { amountCents: number; expiresAt: string } | null;
}

/** A client's credit that a charge may still spend at `now` (expired grants wait for the sweep but pay for nothing). */
export async function getUsableCredit(db: DbOrTx, userId: string, now: Date): Promise<UsableCredit> {
  const grants = await usableGrants(db, [userId], now);
  const first = grants[0];
  const creditCents = grants.reduce((sum, grant) => sum + grant.remainingCents, 0);
  if (!first) return { creditCents, nextCreditExpiry: null };
  const soonest = grants.filter((grant) => grant.expiresAt.getTime() === first.expiresAt.getTime());
  return {
    creditCents,
    nextCreditExpiry: {
      amountCents: soonest.reduce((sum, grant) => sum + grant.remainingCents, 0),
      expiresAt: first.expiresAt.toISOString(),
    },
  };
}

/** A client's cash and the credit a charge may spend at `now`, in one statement (every page's profile reads it). */
export async function getCashAndCredit(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ walletBalanceCents: number; creditCents: number }> {
  const [row] = await queryRows<{ cash: string | null; credit: string }>(
    db,
    sql`select (select balance_cents from ledger_accounts where id = ${walletAccountId(userId)})::text as cash,
               (select coalesce(sum(remaining_cents), 0) from credit_grants
                where user_id = ${userId} and swept_at is null and expires_at > ${now.toISOString()}::timestamptz)::text as credit`,
  );
  return { walletBalanceCents: Number(row?.cash ?? 0), creditCents: Number(row?.credit ?? 0) };
}

/** What a client can spend at `now`: their cash and their usable credit. */
export async function getSpendableCents(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const { walletBalanceCents, creditCents } = await getCashAndCredit(db, userId, now);
  return walletBalanceCents + creditCents;
}

/** A payment about to leave a client's wallet, which their credit may pay first. */
interface WalletDebit {
  payerUserId: string;
  amountCents: number;
  reference: string;
  /** The key of its credit_spend transfer. */
  creditKey: string;
  /** Keys whose presence means the payment was made before (a retry): its credit is not moved again. */
  madeKeys: string[];
  /** The other accounts the payment moves, locked with the wallet and credit: in the ledger's order. */
  accounts: string[];
}

/**
 * Moves the credit each payment spends into its payer's wallet just before the payments are made,
 * soonest-expiring grant first, each payment in the given order and only if credit and cash
 * together cover it (else the payment is refused as before and no credit moves). A payment made
 * before moves nothing again. Payers without credit cost one indexed read for the whole list.
 * Returns the usable credit each payer who had some keeps.
 */
async function spendCreditInto(tx: Tx, debits: WalletDebit[], now: Date): Promise<Map<string, number>> {
  const creditLeft = new Map<string, number>();
  const payerIds = [...new Set(debits.map((debit) => debit.payerUserId))];
  if (payerIds.length === 0) return creditLeft;
  const withCredit = await tx
    .select({ userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.id, payerIds.map(creditAccountId)), gt(ledgerAccounts.balanceCents, 0)));
  const payers = new Set(withCredit.flatMap((row) => (row.userId ? [row.userId] : [])));
  const payments = debits.filter((debit) => payers.has(debit.payerUserId));
  if (payments.length === 0) return creditLeft;

  const balances = await lockAccounts(tx, [
    ...payments.flatMap((debit) => [walletAccountId(debit.payerUserId), ...debit.accounts]),
    ...[...payers].map(creditAccountId),
  ]);
  const made = new Set(
    (
      await tx
        .select({ key: ledgerTransfers.idempotencyKey })
        .from(ledgerTransfers)
        .where(
          inArray(
            ledgerTransfers.idempotencyKey,
            payments.flatMap((debit) => debit.madeKeys),
          ),
        )
    ).map((row) => row.key),
  );
  const grants = await usableGrants(tx, [...payers], now);
  const cash = new Map([...payers].map((payer) => [payer, balances.get(walletAccountId(payer)) ?? 0]));

  const spends: { grantId: string; reference: string; cents: number; createdAt: Date }[] = [];
  const spentOf = new Map<string, number>();
  for (const debit of payments) {
    if (debit.madeKeys.some((key) => made.has(key))) continue;
    const mine = grants.filter((grant) => grant.userId === debit.payerUserId && grant.remainingCents > 0);
    const credit = mine.reduce((sum, grant) => sum + grant.remainingCents, 0);
    const wallet = cash.get(debit.payerUserId) ?? 0;
    const use = Math.min(credit, debit.amountCents);
    if (wallet + use < debit.amountCents) continue;
    cash.set(debit.payerUserId, wallet + use - debit.amountCents);
    if (use === 0) continue;
    let left = use;
    for (const grant of mine) {
      const cents = Math.min(left, grant.remainingCents);
      if (cents === 0) break;
      grant.remainingCents -= cents;
      left -= cents;
      spentOf.set(grant.id, (spentOf.get(grant.id) ?? 0) + cents);
      spends.push({ grantId: grant.id, reference: debit.reference, cents, createdAt: now });
    }
    await transfer(tx, {
      debitAccountId: creditAccountId(debit.payerUserId),
      creditAccountId: walletAccountId(debit.payerUserId),
      amountCents: use,
      kind: 'credit_spend',
      reference: debit.reference,
      idempotencyKey: debit.creditKey,
    });
  }
  for (const grant of grants) creditLeft.set(grant.userId, (creditLeft.get(grant.userId) ?? 0) + grant.remainingCents);
  if (spends.length === 0) return creditLeft;
  await tx.insert(creditSpends).values(spends);
  await tx.execute(sql`
    update credit_grants g set remaining_cents = g.remaining_cents - s.cents
    from jsonb_to_recordset(${JSON.stringify([...spentOf].map(([id, cents]) => ({ id, cents })))}::jsonb) as s (id text, cents integer)
    where g.id = s.id`);
  return creditLeft;
}

/** A split charge's credit: keyed `<charge key>:credit`; made before when any of its legs or its credit was written. */
const chargeDebit = (input: SplitChargeInput): WalletDebit => ({
  payerUserId: input.payerUserId,
  amountCents: input.amountCents,
  reference: input.reference,
  creditKey: `${input.idempotencyKey}${CREDIT_LEG_SUFFIX}`,
  madeKeys: [CREDIT_LEG_SUFFIX, SPLIT_LEG_SUFFIX.reader, SPLIT_LEG_SUFFIX.platform].map(
    (suffix) => `${input.idempotencyKey}${suffix}`,
  ),
  accounts: chargeAccountsOf(input),
});

export interface CreditFirstPayment {
  userId: string;
  amountCents: number;
  /** What the credit is spent under: a refund of the payment gives it back by this reference (returnCredit). */
  reference: string;
  /** The payment's key: its credit moves under `<key>:credit`, once; a payment already keyed moves nothing again. */
  key: string;
  /** The other accounts the payment moves money to, locked with the wallet and credit: in the ledger's order. */
  accounts?: string[];
  now: Date;
}

/**
 * Before a payment that is not one split charge leaves a wallet (placeHold's hold, a shop order's
 * charges): the client's credit pays first, as it does for a reading's minute; the refund of it
 * gives it back as credit (releaseHold, cancelShipment).
 */
export async function spendCreditBeforePayment(tx: Tx, input: CreditFirstPayment): Promise<void> {
  const creditKey = `${input.key}${CREDIT_LEG_SUFFIX}`;
  await spendCreditInto(
    tx,
    [
      {
        payerUserId: input.userId,
        amountCents: input.amountCents,
        reference: input.reference,
        creditKey,
        madeKeys: [input.key, creditKey],
        accounts: input.accounts ?? [],
      },
    ],
    input.now,
  );
}

/**
 * chargeManyWithSplit, each wallet-paid charge spending its payer's credit first (docs/decisions/066).
 * `creditLeft`: the usable credit each payer who had some keeps after these charges.
 */
export async function chargeManyCreditFirst(
  tx: Tx,
  inputs: SplitChargeInput[],
  now: Date,
): Promise<{ outcomes: SplitChargeOutcome[]; creditLeft: Map<string, number> }> {
  const creditLeft = await spendCreditInto(
    tx,
    inputs.filter((input) => input.payerAccount !== 'hold').map(chargeDebit),
    now,
  );
  return { outcomes: await chargeManyWithSplit(tx, inputs), creditLeft };
}

/** chargeWithSplit, spending the payer's credit first: throws InsufficientFundsError when credit and cash together fall short. */
export async function chargeCreditFirst(tx: Tx, input: SplitChargeInput, now: Date): Promise<SplitChargeResult> {
  const [outcome] = (await chargeManyCreditFirst(tx, [input], now)).outcomes;
  if (!outcome || outcome.refused) throw new InsufficientFundsError(walletAccountId(input.payerUserId));
  const { refused: _, ...result } = outcome;
  return result;
}

export interface ReturnCreditInput {
  userId: string;
  /** The reference the credit was spent under (the refunded reading's, order's, …). */
  reference: string;
  /** What the refund just gave back to the wallet: credit comes back first, up to this. */
  refundedCents: number;
  /** The refund's own key: the return is keyed by it and `:credit`, so a retried refund returns nothing twice. */
  idempotencyKey: string;
  now: Date;
}

/**
 * After a refund to the wallet of something credit helped pay for: the credit part (up to what
 * was refunded) leaves the wallet for credit: again, into the grants it came from with their own
 * expiry, or RETURNED_CREDIT_GRACE_DAYS from now if that has passed; a grant already swept gives
 * it back as a new grant ('returned'). The caller has locked the wallet and credit: (lock order).
 * Returns the cents that went back to credit.
 */
export async function returnCredit(tx: Tx, input: ReturnCreditInput): Promise<number> {
  const spent = await tx
    .select({
      grantId: creditSpends.grantId,
      cents: sql<string>`sum(${creditSpends.cents})::text`,
      expiresAt: creditGrants.expiresAt,
      sweptAt: creditGrants.sweptAt,
      promotionId: creditGrants.promotionId,
    })
    .from(creditSpends)
    .innerJoin(creditGrants, eq(creditGrants.id, creditSpends.grantId))
    .where(and(eq(creditSpends.reference, input.reference), eq(creditGrants.userId, input.userId)))
    .groupBy(creditSpends.grantId, creditGrants.expiresAt, creditGrants.sweptAt, creditGrants.promotionId)
    .having(sql`sum(${creditSpends.cents}) > 0`)
    .orderBy(sql`${creditGrants.expiresAt} desc`, asc(creditSpends.grantId));
  const owed = spent.reduce((sum, row) => sum + Number(row.cents), 0);
  const cents = Math.min(owed, input.refundedCents);
  if (cents <= 0) return 0;
  const moved = await transfer(tx, {
    debitAccountId: walletAccountId(input.userId),
    creditAccountId: creditAccountId(input.userId),
    amountCents: cents,
    kind: 'credit_return',
    reference: input.reference,
    idempotencyKey: `${input.idempotencyKey}${CREDIT_LEG_SUFFIX}`,
  });
  if (!moved.created) return 0;
  const grace = new Date(input.now.getTime() + RETURNED_CREDIT_GRACE_DAYS * DAY_MS);
  let left = cents;
  for (const row of spent) {
    const back = Math.min(left, Number(row.cents));
    if (back === 0) break;
    left -= back;
    await tx
      .insert(creditSpends)
      .values({ grantId: row.grantId, reference: input.reference, cents: -back, createdAt: input.now });
    if (row.sweptAt) {
      await tx.insert(creditGrants).values({
        id: `returned:${row.grantId}:${input.idempotencyKey}`,
        userId: input.userId,
        source: 'returned',
        amountCents: back,
        remainingCents: back,
        expiresAt: grace,
        createdAt: input.now,
      });
    } else {
      await tx
        .update(creditGrants)
        .set({
          remainingCents: sql`${creditGrants.remainingCents} + ${back}`,
          expiresAt: row.expiresAt > input.now ? row.expiresAt : grace,
        })
        .where(eq(creditGrants.id, row.grantId));
    }
  }
  return cents;
}

/**
 * Takes back what is left of one grant, once: to marketing:promotions (`kind`: at its expiry, or
 * early because the deposit that earned it was refunded or disputed), and marks it swept. The
 * caller has locked credit: and marketing: (lock order). False when it was swept already.
 */
async function takeBackGrant(
  tx: Tx,
  grant: { id: string; userId: string },
  now: Date,
  kind: 'credit_expiry' | 'credit_revoke',
): Promise<boolean> {
  const [current] = await tx
    .select({ remainingCents: creditGrants.remainingCents, sweptAt: creditGrants.sweptAt })
    .from(creditGrants)
    .where(eq(creditGrants.id, grant.id));
  if (!current || current.sweptAt) return false;
  if (current.remainingCents > 0) {
    await transfer(tx, {
      debitAccountId: creditAccountId(grant.userId),
      creditAccountId: MARKETING_ACCOUNT_ID,
      amountCents: current.remainingCents,
      kind,
      reference: grantReference(grant.id),
      idempotencyKey: `${kind === 'credit_expiry' ? 'credit-expiry' : 'credit-revoke'}:${grant.id}`,
    });
  }
  await tx.update(creditGrants).set({ remainingCents: 0, sweptAt: now }).where(eq(creditGrants.id, grant.id));
  return true;
}

/**
 * Takes back what is left of grants that have expired, a batch at a time: each in its own
 * transaction, keyed by the grant, so any node may run it, a crash leaves nothing half done and a
 * second run moves nothing. A charge spending the same credit queues on the credit: account, and
 * the sweep reads what the charge left. Returns the grants swept.
 */
export async function sweepExpiredCredit(db: Db, now: Date, batch = 100): Promise<number> {
  const due = await db
    .select({ id: creditGrants.id, userId: creditGrants.userId })
    .from(creditGrants)
    .where(and(isNull(creditGrants.sweptAt), lte(creditGrants.expiresAt, now)))
    .orderBy(asc(creditGrants.expiresAt))
    .limit(batch);
  let swept = 0;
  for (const grant of due) {
    const done = await db.transaction(async (tx) => {
      await lockAccounts(tx, [creditAccountId(grant.userId), MARKETING_ACCOUNT_ID]);
      // A refund may have given it a new expiry since it was listed.
      const [current] = await tx
        .select({ expiresAt: creditGrants.expiresAt })
        .from(creditGrants)
        .where(eq(creditGrants.id, grant.id));
      if (!current || current.expiresAt > now) return false;
      return takeBackGrant(tx, grant, now, 'credit_expiry');
    });
    if (done) swept++;
  }
  return swept;
}

/**
 * A deposit that earned a bonus is refunded to its card or disputed: what is left of the bonus goes
 * back first (decision 066), what was spent of it stays spent. The caller locks the user's accounts
 * with credit: and marketing: in the ledger's order (`depositCreditAccounts`). Returns the cents taken back.
 */
export async function revokeDepositCredit(tx: Tx, depositId: string, now: Date): Promise<number> {
  const grants = await tx
    .select({ id: creditGrants.id, userId: creditGrants.userId, remainingCents: creditGrants.remainingCents })
    .from(creditGrants)
    .where(and(eq(creditGrants.depositId, depositId), isNull(creditGrants.sweptAt)));
  let cents = 0;
  for (const grant of grants) {
    if (await takeBackGrant(tx, grant, now, 'credit_revoke')) cents += grant.remainingCents;
  }
  return cents;
}

/** The accounts revokeDepositCredit moves between, for a caller's up-front lock. */
export const depositCreditAccounts = (userId: string) => [creditAccountId(userId), MARKETING_ACCOUNT_ID];
