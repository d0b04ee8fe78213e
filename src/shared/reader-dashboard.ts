import { SESSION_TYPES } from './constants';
import { z } from './zod-config';

/**
 * The reader dashboard's figures (decision 013). Only completed readings count; a refunded reading has
 * earned nothing (its share went back to the client) but was still a reading. Days are the reader's
 * own, in their schedule's time zone; a reading belongs to the day it ended, when its share became
 * earnings.
 */
const cents = z.number().int();
const count = z.number().int();

export const periodFiguresSchema = z.object({
  /** Every source of EARNING_SOURCES in the period: readings, gifts, stream admissions, shop sales. */
  earningsCents: cents,
  sessions: count,
  /** One decimal; null before the first review. */
  averageRating: z.number().nullable(),
  reviewCount: count,
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

/** GET /api/readers/me/stats. */
export const readerStatsSchema = z.object({
  timeZone: z.string(),
  today: periodFiguresSchema,
  lastSevenDays: periodFiguresSchema,
  allTime: periodFiguresSchema,
  /** Earned and final: the `earnings:` account, the only money a payout takes. */
  availableCents: cents,
  /** Shares of readings still open, held in escrow while the client may ask for a refund. */
  heldCents: cents,
});
export type ReaderStats = z.infer<typeof readerStatsSchema>;

export const READER_SESSIONS_PAGE_SIZE = 10;

export const readerSessionsQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(10_000).default(1),
});

export const readerSessionRowSchema = z.object({
  id: z.string(),
  sessionType: z.enum(SESSION_TYPES),
  status: z.enum(['active', 'completed']),
  /** Whom the reading was with: the reader's notes on them and a block are kept by this id (decision 068). */
  clientId: z.string(),
  /** Only the first name reaches the reader; null when the client gave none ('Anonymous'). */
  clientFirstName: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  minutesCharged: count,
  /** The reader's share; zero once refunded. Held (not yet earned) while the reading is active. */
  earningsCents: cents,
  isRefunded: z.boolean(),
  rating: z.number().int().nullable(),
  review: z.string().nullable(),
});
export type ReaderSessionRow = z.infer<typeof readerSessionRowSchema>;

/** GET /api/readers/me/sessions?page=: readings that started, newest first. */
export const readerSessionsPageSchema = z.object({
  sessions: z.array(readerSessionRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type ReaderSessionsPage = z.infer<typeof readerSessionsPageSchema>;

export const EARNINGS_SERIES_DAYS = 30;

/**
 * Earnings, defined once (decision 040): the reader's share of completed readings (net of refunds, on
 * the day each ended), of gifts and of paid stream admissions (net of admissions given back, on the
 * day paid), of shop sales (on the day ordered) and of answered written questions (on the day
 * answered, decision 047) and of appointment fees (a late cancellation or a client who did not come, on
 * the day settled, docs/decisions/048). Every figure called earnings adds these lines.
 */
export const EARNING_SOURCES = [
  'readings',
  'gifts',
  'streamAdmissions',
  'shopSales',
  'writtenReadings',
  'appointmentFees',
] as const;
export type EarningSource = (typeof EARNING_SOURCES)[number];

export const earningsBySourceSchema = z.object({
  readingsCents: cents,
  giftsCents: cents,
  streamAdmissionsCents: cents,
  shopSalesCents: cents,
  writtenReadingsCents: cents,
  appointmentFeesCents: cents,
});
export type EarningsBySource = z.infer<typeof earningsBySourceSchema>;

/** GET /api/readers/me/earnings. */
export const readerEarningsSchema = z.object({
  timeZone: z.string(),
  todayCents: cents,
  lastSevenDaysCents: cents,
  lastThirtyDaysCents: cents,
  allTimeCents: cents,
  /** All time, one line per source; the lines add up to allTimeCents. */
  bySource: earningsBySourceSchema,
  /** The last 30 of the reader's days, oldest first, today last; days without readings are zero. */
  daily: z.array(z.object({ date: z.string(), earningsCents: cents, sessions: count })),
});
export type ReaderEarnings = z.infer<typeof readerEarningsSchema>;
