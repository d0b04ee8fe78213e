import { sql } from 'drizzle-orm';
import type { SessionType } from '@shared/constants';
import type { Wallet, WalletQuery, WalletTransaction } from '@shared/wallet';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { walletFrozenReason } from './wallet-freeze';
import { getUserBalances, SPLIT_LEG_SUFFIX, type TransferKind, walletAccountId } from './ledger';
import { listHolds } from './list-holds';
import { creditAccountId, getUsableCredit } from './credit';

const PLATFORM_NAME = 'Soul Tribe';
/** What held money is for, by its reference's type (docs/decisions/046, 048, 058). */
const HOLD_NAMES: Record<string, string> = {
  'written-reading': 'Written question',
  appointment: 'Appointment',
  'card-refund': 'Refund to your card',
};

interface LineRow {
  id: string;
  kind: TransferKind;
  amount_cents: string | number;
  credit_cents: string | number;
  reference: string | null;
  created_at: Date | string;
  minutes: number | null;
  /** The transfer's reading's type (a CHECK keeps it to SESSION_TYPES), for reading lines. */
  session_type: SessionType | null;
  other_kind: string;
  other_user_id: string | null;
  other_name: string | null;
  other_role: string | null;
}

/** Who the money went to or came from, as the wallet's owner should read it. */
function counterpartOf(row: LineRow, ownerId: string): WalletTransaction['counterpart'] {
  const separator = row.reference?.indexOf(':') ?? -1;
  const referenceType = separator > 0 ? row.reference!.slice(0, separator) : null;
  const referenceId = separator > 0 ? row.reference!.slice(separator + 1) : undefined;
  const name = row.other_name ?? undefined;
  if (referenceType === 'session') return { type: 'session', id: referenceId, ...(name && { name }) };
  switch (row.other_kind) {
    case 'external':
      return { type: 'payment', ...(referenceType === 'deposit' && { id: referenceId }), name: 'Card payment' };
    case 'payouts_pending':
      return { type: 'payout', ...(referenceType === 'payout' && { id: referenceId }) };
    case 'revenue':
    // Promotional credit given, expired or taken back (docs/decisions/066).
    case 'marketing':
      return { type: 'platform', name: PLATFORM_NAME };
    case 'hold':
      // What the money is held for, by its reference (docs/decisions/046).
      return {
        type: 'hold',
        ...(referenceId && { id: referenceId }),
        name: HOLD_NAMES[referenceType ?? ''] ?? 'On hold',
      };
    case 'escrow':
    case 'earnings':
      // Another user's earnings are that user (a gift or a stream's price paid to its reader).
      if (row.other_user_id === ownerId) return { type: 'earnings', name: 'Your earnings' };
      return { type: 'reader', ...(row.other_user_id && { id: row.other_user_id }), ...(name && { name }) };
    default:
      return {
        type: row.other_role === 'reader' ? 'reader' : 'client',
        ...(row.other_user_id && { id: row.other_user_id }),
        ...(name && { name }),
      };
  }
}

/**
 * The signed-in user's wallet balance, earnings (available and held) and wallet lines, newest
 * first. A line is what the owner thinks of as one movement, over the ledger's transfers:
 * - a reading's charges are one line (every minute, both shares of each), with its minutes;
 * - a reading's refund is one line beside it (every leg it gave back);
 * - any other split charge (two legs, one idempotency key) is one line of the whole amount, and so
 *   is its refund leg by leg (a stream's price given back, live/end-absent-streams.ts);
 * - a shop order is one line, whichever sellers it paid (shop/place-order.ts);
 * - a cancelled shipment's refund is one line, whoever gave back which part (shop/cancel-shipment.ts);
 * - every other transfer is its own line.
 * A line's id is its newest transfer's id, and lines are ordered and keyset-paginated by it: the
 * lines are disjoint, so each appears on exactly one page and a reading is never split across two.
 */
export async function getWallet(db: DbOrTx, userId: string, query: WalletQuery, now: Date): Promise<Wallet> {
  const wallet = walletAccountId(userId);
  const credit = creditAccountId(userId);
  const legSuffix = `(${SPLIT_LEG_SUFFIX.reader}|${SPLIT_LEG_SUFFIX.platform})$`;
  // The owner's money is their cash and their promotional credit (docs/decisions/066): credit moving
  // between the two (credit_spend, credit_return) is not a line of its own but the part of the line
  // it belongs to (its charge's, refund's, hold's) that credit paid or got back: `credit_cents`.
  const rows = await queryRows<LineRow>(
    db,
    sql`
    with transfers as (
      select t.id, t.kind, t.reference, t.created_at, t.idempotency_key,
        t.kind in ('credit_spend', 'credit_return') as is_internal,
        case when t.credit_account_id in (${wallet}, ${credit}) then t.amount_cents else -t.amount_cents end as signed_cents,
        case t.kind when 'credit_spend' then t.amount_cents when 'credit_return' then -t.amount_cents else 0 end as credit_cents,
        o.kind as other_kind, o.user_id as other_user_id, u.name as other_name, u.role as other_role,
        case
          when t.kind in ('session_charge', 'refund') and t.reference like 'session:%' then t.kind || ' ' || t.reference
          when t.kind = 'credit_spend' and t.reference like 'session:%' then 'session_charge ' || t.reference
          when t.kind = 'credit_return' and t.reference like 'session:%' then 'refund ' || t.reference
          -- A cancelled shipment's refund (decision 043): the seller's, the platform's and any carried part, one line.
          when t.kind = 'refund' and t.reference like 'shipment:%' then t.kind || ' ' || t.reference
          -- ...and the credit it gave back, keyed after the refund (shop/cancel-shipment.ts: 'shipment-cancel:<id>:credit').
          when t.kind = 'credit_return' and t.idempotency_key like 'shipment-cancel:%' then 'refund shipment:' || regexp_replace(substr(t.idempotency_key, 17), ':credit$', '')
          -- A shop order is one line, whichever sellers it paid, with the credit that paid first for all of it.
          when t.kind in ('purchase', 'credit_spend') and t.reference like 'order:%' then 'order ' || split_part(t.reference, ':', 2)
          when t.idempotency_key ~ ${legSuffix} then 'split ' || regexp_replace(t.idempotency_key, ${legSuffix}, '')
          -- Credit keyed after the charge, hold or release it paid for: that line.
          when t.kind in ('credit_spend', 'credit_return') then 'split ' || regexp_replace(t.idempotency_key, ':credit$', '')
          when t.kind in ('hold', 'hold_release') then 'split ' || t.idempotency_key
          else 'transfer ' || t.id
        end as line_key
      from ledger_transfers t
      join ledger_accounts o on o.id = case when t.debit_account_id in (${wallet}, ${credit}) then t.credit_account_id else t.debit_account_id end
      left join "user" u on u.id = o.user_id
      where t.debit_account_id in (${wallet}, ${credit}) or t.credit_account_id in (${wallet}, ${credit})
    ),
    lines as (
      select max(id) as id, min(kind) filter (where not is_internal) as kind, min(reference) as reference, max(created_at) as created_at,
        sum(signed_cents) filter (where not is_internal) as amount_cents, sum(credit_cents) as credit_cents,
        (count(distinct regexp_replace(idempotency_key, ${legSuffix}, '')) filter (where kind = 'session_charge'))::int as minutes,
        -- Of a reading's two legs, the reader's account names the counterpart (the other is revenue).
        (array_agg(other_kind order by is_internal, other_user_id is null, id))[1] as other_kind,
        (array_agg(other_user_id order by is_internal, other_user_id is null, id))[1] as other_user_id,
        (array_agg(other_name order by is_internal, other_user_id is null, id))[1] as other_name,
        (array_agg(other_role order by is_internal, other_user_id is null, id))[1] as other_role
      from transfers
      group by line_key
      having bool_or(not is_internal)
      ${query.cursor ? sql`and max(id) < ${Number(query.cursor)}` : sql``}
      order by max(id) desc
      limit ${query.limit + 1}
    )
    select lines.id::text as id, lines.kind, lines.amount_cents::text as amount_cents, lines.credit_cents::text as credit_cents, lines.reference, lines.created_at,
      case when lines.reference like 'session:%' and lines.kind = 'session_charge' then lines.minutes end as minutes,
      s.session_type, lines.other_kind, lines.other_user_id, lines.other_name, lines.other_role
    from lines
    left join reading_sessions s on lines.reference like 'session:%' and s.id = substr(lines.reference, 9)
    order by lines.id desc
  `,
  );

  const page = rows.slice(0, query.limit);
  const transactions = page.map(
    (row): WalletTransaction => ({
      id: row.id,
      kind: row.kind,
      amountCents: Number(row.amount_cents),
      creditCents: Number(row.credit_cents),
      counterpart: counterpartOf(row, userId),
      reference: row.reference,
      createdAt: new Date(row.created_at).toISOString(),
      minutes: row.minutes,
      sessionType: row.session_type,
    }),
  );
  const { walletCents, onHoldCents, availableCents, heldCents } = await getUserBalances(db, userId);
  return {
    balanceCents: walletCents,
    ...(await getUsableCredit(db, userId, now)),
    onHoldCents,
    holds: await listHolds(db, userId),
    earnings: { availableCents, heldCents },
    transactions,
    nextCursor: rows.length > query.limit && page.length > 0 ? page.at(-1)!.id : null,
    frozenReason: await walletFrozenReason(db, userId),
  };
}
