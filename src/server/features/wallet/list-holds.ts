import type { SessionType } from '@shared/constants';
import type { WalletHold } from '@shared/wallet';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { readerFullName } from '../readers';
import { heldReference } from './hold';
import { holdAccountId } from './ledger';

interface HoldRow {
  cents: string | number;
  appointment_id: string | null;
  session_type: SessionType | null;
  starts_at: Date | string | null;
  minutes: number | null;
  appointment_status: 'pending' | 'accepted' | null;
  question_id: string | null;
  asked_at: Date | string | null;
  due_at: Date | string | null;
  reader_id: string | null;
  reader_name: string | null;
  refund_id: string | null;
  refund_requested_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Each thing the user's hold still holds money for (decision 057: a booked reading, a written question,
 * a card refund under way), from the ledger: the hold's
 * transfers summed by what they are held for (a booked reading's minutes count against its
 * appointment), so the amounts add up to the hold account's balance, `onHoldCents`. Soonest first:
 * a booking by its start, a question by when it is due.
 */
export async function listHolds(db: DbOrTx, userId: string): Promise<WalletHold[]> {
  const hold = holdAccountId(userId);
  const signed = sql`case when t.credit_account_id = ${hold} then t.amount_cents else -t.amount_cents end`;
  const rows = await queryRows<HoldRow>(
    db,
    sql`with held as (
          select ${heldReference} as reference, sum(${signed}) as cents
          from ledger_transfers t
          left join reading_sessions s on t.reference like 'session:%' and s.id = substr(t.reference, 9)
          where t.credit_account_id = ${hold} or t.debit_account_id = ${hold}
          group by 1
          having sum(${signed}) > 0
        )
        select held.cents::text as cents,
          a.id as appointment_id, a.session_type, a.starts_at, a.minutes, a.status as appointment_status,
          w.id as question_id, w.created_at as asked_at, w.due_at,
          reader_profiles.user_id as reader_id, ${readerFullName} as reader_name,
          r.id as refund_id, r.created_at as refund_requested_at
        from held
        left join appointments a on held.reference = 'appointment:' || a.id
        left join written_readings w on held.reference = 'written-reading:' || w.id
        left join deposit_refunds r on held.reference = 'card-refund:' || r.id
        left join reader_profiles on reader_profiles.user_id = coalesce(a.reader_id, w.reader_id)
        order by coalesce(a.starts_at, w.due_at, r.created_at), held.reference`,
  );
  return rows.map((row): WalletHold => {
    if (row.refund_id !== null && row.refund_requested_at !== null) {
      return {
        kind: 'card_refund',
        id: row.refund_id,
        amountCents: Number(row.cents),
        requestedAt: iso(row.refund_requested_at),
      };
    }
    // Every other reference a hold names is one of these two (046): anything else is a bug to hear about, not to leave out of the sum.
    if (row.reader_id === null || row.reader_name === null)
      throw new Error('A hold that is neither an appointment nor a written question');
    const common = { amountCents: Number(row.cents), readerId: row.reader_id, readerName: row.reader_name };
    if (
      row.appointment_id !== null &&
      row.session_type !== null &&
      row.starts_at !== null &&
      row.minutes !== null &&
      row.appointment_status !== null
    ) {
      return {
        kind: 'appointment',
        id: row.appointment_id,
        ...common,
        sessionType: row.session_type,
        startsAt: iso(row.starts_at),
        minutes: row.minutes,
        status: row.appointment_status,
      };
    }
    if (row.question_id !== null && row.asked_at !== null && row.due_at !== null) {
      return {
        kind: 'written_reading',
        id: row.question_id,
        ...common,
        askedAt: iso(row.asked_at),
        dueAt: iso(row.due_at),
      };
    }
    throw new Error('A hold that is neither an appointment nor a written question');
  });
}
