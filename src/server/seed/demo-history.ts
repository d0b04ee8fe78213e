import { randomUUID } from 'node:crypto';
import type { SessionType } from '@shared/constants';
import { splitSessionMinute } from '@shared/money';
import type { readingSessions, sessionMinutes } from '../db/schema';
import { minuteChargeKey, sessionReference } from '../features/sessions/billing';
import { depositTransferKey } from '../features/wallet/deposit-to-wallet';
import {
  earningsAccountId,
  escrowAccountId,
  revenueAccountFor,
  SPLIT_LEG_SUFFIX,
  SYSTEM_ACCOUNTS,
  type TransferInput,
  walletAccountId,
} from '../features/wallet/ledger';
import type { DemoReadingOutcome } from './demo-reviews';
import { seededRandom } from './seeded-random';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '@shared/time-units';

/**
 * Days back a reading may fall on. From three days ago, so that nothing (a late rating included)
 * lands on 'today' in any time zone and the dashboards' today figures stay zero; up to ninety. The
 * days around the dashboards' 7- and 30-day windows are skipped, so each reading is clearly inside
 * or outside them in every time zone and the figures a spec reads do not depend on the hour.
 */
const READING_DAYS = Array.from({ length: 88 }, (_, i) => i + 3).filter(
  (day) => !(day >= 6 && day <= 8) && !(day >= 28 && day <= 32),
);
/** Hours of the day (UTC) a reading may start in; one reading an hour at most, so none overlap. */
const READING_HOURS = Array.from({ length: 14 }, (_, i) => i + 9);
const MINUTES_MIN = 3;
const MINUTES_MAX = 10;
/** Top-ups larger than a seeker's usual amount are rounded up to this step, as a person would. */
const TOP_UP_STEP_CENTS = 2_500;
const TYPE_WEIGHTS: [SessionType, number][] = [
  ['chat', 0.5],
  ['audio', 0.3],
  ['video', 0.2],
];

export interface HistoryReader {
  id: string;
  username: string;
  rates: Record<SessionType, number>;
}

export interface HistorySeeker {
  id: string;
  topUpCents: number;
}

export type PlannedReading = typeof readingSessions.$inferInsert;
/** A receipt line, as billing writes it beside the minute's two ledger legs. */
export type PlannedMinute = typeof sessionMinutes.$inferInsert;

export interface PlannedDeposit {
  id: string;
  userId: string;
  /** The key the client's browser sent with the request. */
  idempotencyKey: string;
  amountCents: number;
  balanceAfterCents: number;
  at: Date;
}

export type PlannedTransfer = TransferInput & { reference: string; at: Date };

export interface DemoHistory {
  readings: PlannedReading[];
  /** Each reading's receipt lines, one per billed minute, equal to that minute's legs. */
  minutes: PlannedMinute[];
  deposits: PlannedDeposit[];
  /** In the order they happened, which is the order their ids must follow. */
  transfers: PlannedTransfer[];
  /** When each account with a past was opened: before its first deposit or reading. */
  joinedAt: Map<string, Date>;
}

interface Slot {
  readerIndex: number;
  outcome: DemoReadingOutcome;
  startedAt: Date;
}

/**
 * The past of the demo marketplace: for every outcome in `readingsByReader`, a completed reading
 * with a seeker, dated in the last ninety days before `now`, with the money it moved. It follows
 * what the live code does step by step: a seeker tops up (a sandbox card deposit) whenever their
 * wallet cannot pay the whole reading; each minute is charged at its start and split on the
 * reading's total so far (splitSessionMinute) into the reader's escrow and the platform's revenue,
 * with its receipt line (billing.ts chargeNextMinute);
 * the reading's share moves from escrow to earnings when it ends (billing.ts finishSession); a
 * rating, when given, comes within the 7-day window. Deterministic except for ids.
 */
export function planDemoHistory(input: {
  now: Date;
  readers: HistoryReader[];
  seekers: HistorySeeker[];
  readingsByReader: Record<string, DemoReadingOutcome[]>;
}): DemoHistory {
  const random = seededRandom(9);
  const today = Math.floor(input.now.getTime() / DAY_MS) * DAY_MS;
  const outcomesOf = (reader: HistoryReader) => input.readingsByReader[reader.username] ?? [];

  const freeSlots = random.shuffle(
    READING_DAYS.flatMap((day) => READING_HOURS.map((hour) => today - day * DAY_MS + hour * HOUR_MS)),
  );
  const readingCount = input.readers.reduce((sum, reader) => sum + outcomesOf(reader).length, 0);
  if (readingCount > freeSlots.length)
    throw new RangeError(`${readingCount} demo readings do not fit in ${freeSlots.length} hours`);
  const slots: Slot[] = input.readers.flatMap((reader, readerIndex) => {
    const starts = freeSlots.splice(0, outcomesOf(reader).length).sort((a, b) => a - b);
    return outcomesOf(reader).map((outcome, i) => ({
      readerIndex,
      outcome,
      startedAt: new Date(starts[i]! + random.int(0, 40) * MINUTE_MS + random.int(0, 59) * SECOND_MS),
    }));
  });
  slots.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());

  // Each reader has two regulars who book half their readings; anyone may book the rest. The
  // first readings of the marketplace go to each seeker in turn, so every seeker has a past.
  const regulars = input.readers.map(() => random.shuffle(input.seekers).slice(0, 2));
  const balanceOf = new Map(input.seekers.map((seeker) => [seeker.id, 0]));
  const history: DemoHistory = { readings: [], minutes: [], deposits: [], transfers: [], joinedAt: new Map() };

  slots.forEach((slot, index) => {
    const reader = input.readers[slot.readerIndex]!;
    const seeker =
      input.seekers[index] ??
      (random.next() < 0.5 ? random.pick(regulars[slot.readerIndex]!) : random.pick(input.seekers));
    const sessionType = slot.outcome.sessionType ?? weightedType(random.next());
    const ratePerMinuteCents = reader.rates[sessionType];
    const minutes = random.int(MINUTES_MIN, MINUTES_MAX);
    const startedAt = slot.startedAt;
    const respondedAt = new Date(startedAt.getTime() - random.int(3, 20) * SECOND_MS);
    const requestedAt = new Date(respondedAt.getTime() - random.int(4, 30) * SECOND_MS);
    const endedAt = new Date(startedAt.getTime() + (minutes - 1) * MINUTE_MS + random.int(5, 55) * SECOND_MS);
    const id = randomUUID();
    const reference = sessionReference(id);

    const costCents = minutes * ratePerMinuteCents;
    const balance = balanceOf.get(seeker.id)!;
    if (balance < costCents) {
      const amountCents = Math.max(
        seeker.topUpCents,
        Math.ceil((costCents - balance) / TOP_UP_STEP_CENTS) * TOP_UP_STEP_CENTS,
      );
      const deposit: PlannedDeposit = {
        id: randomUUID(),
        userId: seeker.id,
        idempotencyKey: randomUUID(),
        amountCents,
        balanceAfterCents: balance + amountCents,
        at: new Date(requestedAt.getTime() - random.int(2, 30) * MINUTE_MS),
      };
      history.deposits.push(deposit);
      history.transfers.push({
        debitAccountId: SYSTEM_ACCOUNTS.external,
        creditAccountId: walletAccountId(seeker.id),
        amountCents,
        kind: 'deposit',
        reference: depositTransferKey(deposit.id),
        idempotencyKey: depositTransferKey(deposit.id),
        at: deposit.at,
      });
      if (!history.joinedAt.has(seeker.id))
        history.joinedAt.set(seeker.id, new Date(deposit.at.getTime() - random.int(5, 90) * MINUTE_MS));
      balanceOf.set(seeker.id, deposit.balanceAfterCents);
    }
    balanceOf.set(seeker.id, balanceOf.get(seeker.id)! - costCents);

    let readerEarningsCents = 0;
    for (let minute = 1; minute <= minutes; minute += 1) {
      const { readerCents, platformCents } = splitSessionMinute((minute - 1) * ratePerMinuteCents, ratePerMinuteCents);
      const at = new Date(startedAt.getTime() + (minute - 1) * MINUTE_MS);
      const charge = { debitAccountId: walletAccountId(seeker.id), kind: 'session_charge' as const, reference, at };
      history.transfers.push(
        {
          ...charge,
          creditAccountId: escrowAccountId(reader.id),
          amountCents: readerCents,
          idempotencyKey: `${minuteChargeKey(id, minute)}${SPLIT_LEG_SUFFIX.reader}`,
        },
        {
          ...charge,
          creditAccountId: revenueAccountFor(seeker.id),
          amountCents: platformCents,
          idempotencyKey: `${minuteChargeKey(id, minute)}${SPLIT_LEG_SUFFIX.platform}`,
        },
      );
      history.minutes.push({
        sessionId: id,
        minute,
        startedAt: at,
        amountCents: ratePerMinuteCents,
        readerCents,
        platformCents,
        free: false,
      });
      readerEarningsCents += readerCents;
    }
    // The key releaseHeldShare gives a reading's release, so a replay of the real one would find it.
    history.transfers.push({
      debitAccountId: escrowAccountId(reader.id),
      creditAccountId: earningsAccountId(reader.id),
      amountCents: readerEarningsCents,
      kind: 'earnings_release',
      reference,
      idempotencyKey: `${reference}:release`,
      at: endedAt,
    });

    const { rating, review } = slot.outcome;
    // Most clients rate on the summary screen; some come back to it from their history hours later.
    const ratingDelayMs = random.next() < 0.6 ? random.int(1, 15) * MINUTE_MS : random.int(1, 20) * HOUR_MS;
    history.readings.push({
      id,
      clientId: seeker.id,
      readerId: reader.id,
      sessionType,
      status: 'completed',
      ratePerMinuteCents,
      requestedAt,
      expiresAt: new Date(requestedAt.getTime() + MINUTE_MS),
      respondedAt,
      startedAt,
      endedAt,
      endReason: 'completed',
      endedBy: random.next() < 0.8 ? seeker.id : reader.id,
      minutesCharged: minutes,
      totalCostCents: costCents,
      readerEarningsCents,
      refundedCents: 0,
      nextMinuteAt: null,
      clientSeenAt: endedAt,
      readerSeenAt: endedAt,
      pausedAt: null,
      rating,
      review: rating === null ? null : (review ?? null),
      ratedAt: rating === null ? null : new Date(endedAt.getTime() + ratingDelayMs),
      createdAt: requestedAt,
    });
  });

  // Readers joined a little before the marketplace's first readings, a few days apart.
  input.readers.forEach((reader, i) => {
    history.joinedAt.set(reader.id, new Date(today - (95 + 4 * i) * DAY_MS + 10 * HOUR_MS));
  });
  history.transfers.sort((a, b) => a.at.getTime() - b.at.getTime());
  return history;
}

function weightedType(roll: number): SessionType {
  let sum = 0;
  for (const [type, weight] of TYPE_WEIGHTS) {
    sum += weight;
    if (roll < sum) return type;
  }
  return 'chat';
}
