import { describe, expect, it } from 'vitest';
import { RATING_WINDOW_DAYS } from '@shared/constants';
import { splitCharge } from '@shared/money';
import { escrowAccountId, isRevenueAccount, SYSTEM_ACCOUNTS, walletAccountId } from '../features/wallet/ledger';
import { DEMO_READERS, DEMO_SEEKERS } from './demo-data';
import { type PlannedReading, planDemoHistory } from './demo-history';
import { DEMO_READINGS } from './demo-reviews';
import { DAY_MS } from '@shared/time-units';

const now = new Date('2026-03-15T09:30:00Z');
const readers = DEMO_READERS.map((r) => ({ id: `reader-${r.username}`, username: r.username, rates: r.rates }));
const seekers = DEMO_SEEKERS.map((s, i) => ({ id: `seeker-${i}`, topUpCents: s.topUpCents }));
const plan = () => planDemoHistory({ now, readers, seekers, readingsByReader: DEMO_READINGS });
const history = plan();
const time = (date: Date | null | undefined) => date!.getTime();

describe('planDemoHistory', () => {
  it('makes one completed reading per outcome, with its rating and review', () => {
    for (const reader of readers) {
      const readings = history.readings
        .filter((r) => r.readerId === reader.id)
        .sort((a, b) => time(a.startedAt) - time(b.startedAt));
      const outcomes = DEMO_READINGS[reader.username]!;
      expect(
        readings.map((r) => [r.rating, r.review ?? undefined]),
        reader.username,
      ).toEqual(outcomes.map((o) => [o.rating, o.rating === null ? undefined : o.review]));
      for (const reading of readings) {
        expect(reading).toMatchObject({ status: 'completed', endReason: 'completed', refundedCents: 0 });
        expect(reading.ratedAt === null).toBe(reading.rating === null);
      }
    }
  });

  it('bills each reading per started minute at its rate and splits every minute as the live charge does', () => {
    for (const reading of history.readings) {
      const minutes = reading.minutesCharged!;
      const reader = readers.find((r) => r.id === reading.readerId)!;
      expect(reading.ratePerMinuteCents).toBe(reader.rates[reading.sessionType as 'chat']);
      expect(reading.totalCostCents).toBe(minutes * reading.ratePerMinuteCents);
      // Fair rounding: the reader keeps floor(70%) of the reading's total, not of each minute.
      expect(reading.readerEarningsCents).toBe(splitCharge(reading.totalCostCents!).readerCents);
      // Ended within its last paid minute.
      const lengthMs = time(reading.endedAt) - time(reading.startedAt);
      expect(lengthMs).toBeGreaterThan((minutes - 1) * 60_000);
      expect(lengthMs).toBeLessThan(minutes * 60_000);

      const own = history.transfers.filter((t) => t.reference === `session:${reading.id}`);
      const charges = own.filter((t) => t.kind === 'session_charge');
      expect(charges).toHaveLength(2 * minutes);
      expect(charges.reduce((sum, t) => sum + t.amountCents, 0)).toBe(reading.totalCostCents);
      expect(charges.every((t) => t.debitAccountId === walletAccountId(reading.clientId))).toBe(true);
      expect(charges.filter((t) => isRevenueAccount(t.creditAccountId))).toHaveLength(minutes);
      // One receipt line per minute, each the two legs of that minute.
      const lines = history.minutes.filter((line) => line.sessionId === reading.id);
      expect(lines.map((line) => line.minute)).toEqual(Array.from({ length: minutes }, (_, i) => i + 1));
      for (const line of lines) {
        const legs = charges.filter((t) => t.idempotencyKey.startsWith(`session:${reading.id}:minute:${line.minute}:`));
        expect(legs.map((t) => t.amountCents)).toEqual([line.readerCents, line.platformCents]);
        expect(legs.every((t) => t.at.getTime() === line.startedAt.getTime())).toBe(true);
        expect(line.amountCents).toBe(line.readerCents + line.platformCents);
      }
      const released = own.filter((t) => t.kind === 'earnings_release');
      expect(released).toEqual([
        expect.objectContaining({
          debitAccountId: escrowAccountId(reading.readerId),
          amountCents: reading.readerEarningsCents,
          at: reading.endedAt,
        }),
      ]);
    }
  });

  it('tops a wallet up before it would go below zero, and every seeker has topped up and had readings', () => {
    const balance = new Map<string, number>();
    for (const t of history.transfers) {
      balance.set(t.debitAccountId, (balance.get(t.debitAccountId) ?? 0) - t.amountCents);
      balance.set(t.creditAccountId, (balance.get(t.creditAccountId) ?? 0) + t.amountCents);
      if (t.debitAccountId !== SYSTEM_ACCOUNTS.external)
        expect(balance.get(t.debitAccountId), t.idempotencyKey).toBeGreaterThanOrEqual(0);
    }
    for (const seeker of seekers) {
      const deposits = history.deposits.filter((d) => d.userId === seeker.id);
      expect(deposits.length, seeker.id).toBeGreaterThan(0);
      expect(deposits.every((d) => d.amountCents >= seeker.topUpCents && d.amountCents % 2_500 === 0)).toBe(true);
      expect(history.readings.some((r) => r.clientId === seeker.id)).toBe(true);
      expect(time(history.joinedAt.get(seeker.id))).toBeLessThan(Math.min(...deposits.map((d) => time(d.at))));
    }
    // Escrow only passes shares through: all released when the readings ended.
    for (const reader of readers) expect(balance.get(escrowAccountId(reader.id))).toBe(0);
  });

  it('dates everything in the ninety days before yesterday, in the order the transfers happened', () => {
    const startOfYesterday = Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS;
    const stamps = [
      ...history.readings.flatMap((r) => [r.requestedAt, r.startedAt, r.endedAt, r.ratedAt]),
      ...history.deposits.map((d) => d.at),
      ...history.transfers.map((t) => t.at),
    ].filter((at): at is Date => at instanceof Date);
    expect(Math.max(...stamps.map((at) => at.getTime()))).toBeLessThan(startOfYesterday);
    expect(Math.min(...history.readings.map((r) => time(r.requestedAt)))).toBeGreaterThan(now.getTime() - 91 * DAY_MS);
    const transferTimes = history.transfers.map((t) => t.at.getTime());
    expect(transferTimes).toEqual([...transferTimes].sort((a, b) => a - b));
    for (const reading of history.readings.filter((r) => r.ratedAt)) {
      expect(time(reading.ratedAt) - time(reading.endedAt)).toBeLessThan(RATING_WINDOW_DAYS * DAY_MS);
    }
    for (const reader of readers)
      expect(time(history.joinedAt.get(reader.id))).toBeLessThan(
        Math.min(...history.readings.map((r) => time(r.requestedAt))),
      );
  });

  it('never overlaps two readings of one reader or one client (one open reading each)', () => {
    const overlapping = (readings: PlannedReading[]) => {
      const sorted = [...readings].sort((a, b) => time(a.requestedAt) - time(b.requestedAt));
      return sorted.some((reading, i) => i > 0 && time(reading.requestedAt) < time(sorted[i - 1]!.endedAt));
    };
    for (const reader of readers)
      expect(overlapping(history.readings.filter((r) => r.readerId === reader.id))).toBe(false);
    for (const seeker of seekers)
      expect(overlapping(history.readings.filter((r) => r.clientId === seeker.id))).toBe(false);
  });

  it('comes out the same at every seed, ids aside', () => {
    const figures = (h: ReturnType<typeof plan>) =>
      h.readings.map((r) => [r.readerId, r.clientId, r.sessionType, r.startedAt, r.minutesCharged, r.rating]);
    expect(figures(plan())).toEqual(figures(history));
  });
});
