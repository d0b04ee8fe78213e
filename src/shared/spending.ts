import { z } from './zod-config';

/**
 * What a client spent: every debit of their wallet (or of their hold) that bought something, less
 * what came back as a refund (docs/decisions/057). One definition for every screen that
 * shows it; the server sums one row per purchase of these sources (sessions/client-spending.ts):
 * - `readings`: a completed reading's charges less its refund (booked readings and their extended
 *   minutes included: they are readings, charged by the same meter);
 * - `appointmentFees`: a booking's late-cancellation or no-show fee, charged from the hold;
 * - `writtenReadings`: an answered written question's price (a refunded one cost nothing);
 * - `gifts`: a gift sent during a live stream;
 * - `streamAdmissions`: the price of joining a priced stream, unless given back because the reader left;
 * - `orders`: a shop order's total (shipping included), less what a cancelled shipment refunded.
 * Money merely on hold (a question awaiting an answer, a booking not yet read) is not spent.
 */
export const SPENDING_SOURCES = [
  'readings',
  'appointmentFees',
  'writtenReadings',
  'gifts',
  'streamAdmissions',
  'orders',
] as const;
export type SpendingSource = (typeof SPENDING_SOURCES)[number];

export const SPENDING_SOURCE_LABELS: Record<SpendingSource, string> = {
  readings: 'Readings',
  appointmentFees: 'Booking fees',
  writtenReadings: 'Written questions',
  gifts: 'Gifts',
  streamAdmissions: 'Live stream tickets',
  orders: 'Shop orders',
};

const cents = z.number().int();

/** All time, one line per source, in cents; the lines add up to the total spent. */
export const spentBySourceSchema = z.object({
  readings: cents,
  appointmentFees: cents,
  writtenReadings: cents,
  gifts: cents,
  streamAdmissions: cents,
  orders: cents,
});
export type SpentBySource = z.infer<typeof spentBySourceSchema>;
