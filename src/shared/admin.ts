import { imageUrlSchema } from './auth';
import { ROLES } from './constants';
import { createReaderSchema, readerDetailsSchema } from './readers';
import { SESSION_STATUSES, sessionSchema } from './sessions';
import { z } from './zod-config';

const limit = z.coerce.number().int().min(1).max(100).default(20);
const offset = z.coerce.number().int().min(0).max(100_000).default(0);

/** Week-over-week change in percent (one decimal); null when the earlier week had nothing. */
const growthPct = z.number().nullable();

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalReaders: z.number().int(),
  /** The platform's share of completed readings (and other revenue), net of refunds. */
  totalRevenueCents: z.number().int(),
  todayRevenueCents: z.number().int(),
  /**
   * Promotional credit clients have spent to date, net of refunds given back as credit (decision 066):
   * the platform's marketing cost. Readers were paid their share of it from the platform's funds,
   * so revenue less this is what cash brought in.
   */
  promotionalCreditSpentCents: z.number().int(),
  activeSessions: z.number().int(),
  growth: z.object({
    usersWeekOverWeekPct: growthPct,
    revenueWeekOverWeekPct: growthPct,
    sessionsWeekOverWeekPct: growthPct,
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  role: z.enum(ROLES).optional(),
  limit,
  offset,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  walletBalanceCents: z.number().int(),
  createdAt: z.string(),
  suspended: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), hasMore: z.boolean() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminUserIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** Booked readings (appointments, decision 048) or walk-in ones. */
export const SESSION_BOOKINGS = ['booked', 'walk-in'] as const;
export type SessionBooking = (typeof SESSION_BOOKINGS)[number];

export const adminSessionsQuerySchema = z.object({
  status: z.enum(SESSION_STATUSES).optional(),
  booking: z.enum(SESSION_BOOKINGS).optional(),
  limit,
  offset,
});
export type AdminSessionsQuery = z.infer<typeof adminSessionsQuerySchema>;

export const adminSessionsPageSchema = z.object({ sessions: z.array(sessionSchema), hasMore: z.boolean() });
export type AdminSessionsPage = z.infer<typeof adminSessionsPageSchema>;

export const adminReadersQuerySchema = z.object({ limit, offset });
export type AdminReadersQuery = z.infer<typeof adminReadersQuerySchema>;

/** A reader as the admin sees them: the public profile, the email, lifetime earnings and the account state. */
export const adminReaderSchema = readerDetailsSchema.extend({
  email: z.string(),
  /** The reader's share of completed readings, net of refunds. */
  totalEarningsCents: z.number().int(),
  /** Deactivated by an admin: cannot sign in, cannot be booked, not listed. */
  deactivated: z.boolean(),
});
export type AdminReader = z.infer<typeof adminReaderSchema>;

export const adminReadersPageSchema = z.object({ readers: z.array(adminReaderSchema), hasMore: z.boolean() });
export type AdminReadersPage = z.infer<typeof adminReadersPageSchema>;

const readerFields = createReaderSchema.shape;

/**
 * PATCH /api/admin/readers/:id: any of the creation fields but the account's email and password,
 * held to the same rules. A null image removes the picture; unknown fields are refused.
 */
export const updateReaderSchema = z
  .strictObject({
    firstName: readerFields.firstName,
    lastName: readerFields.lastName,
    username: readerFields.username,
    yearsExperience: readerFields.yearsExperience,
    chatRateCents: readerFields.chatRateCents,
    audioRateCents: readerFields.audioRateCents,
    videoRateCents: readerFields.videoRateCents,
    profileImage: imageUrlSchema.nullable(),
    specialties: readerFields.specialties,
    bio: readerFields.bio,
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'Send at least one field to change');
export type UpdateReaderInput = z.infer<typeof updateReaderSchema>;

/** The analytics window: the last 30 UTC days, today included. */
export const ANALYTICS_DAYS = 30;
export const TOP_READERS_LIMIT = 10;

export const analyticsDaySchema = z.object({
  /** A UTC day, YYYY-MM-DD. */
  date: z.string(),
  /** The platform's revenue that day from every source (REVENUE_SOURCES), net of refunds. */
  revenueCents: z.number().int(),
  completedSessions: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const topReaderSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  /** The reader's share of readings completed in the window, net of refunds. */
  earningsCents: z.number().int(),
  completedSessions: z.number().int(),
});
export type TopReader = z.infer<typeof topReaderSchema>;

/**
 * Where the platform's revenue comes from (docs/decisions/058): on-demand readings; booked readings
 * and their fees (a late cancellation, a client who did not come); written readings; gifts and
 * priced stream joins; the shop. `other` is what none of them made (an operator's adjustment).
 */
export const REVENUE_SOURCES = ['readings', 'bookedReadings', 'writtenReadings', 'live', 'shop', 'other'] as const;
export type RevenueSource = (typeof REVENUE_SOURCES)[number];
export const REVENUE_SOURCE_LABELS: Record<RevenueSource, string> = {
  readings: 'Readings',
  bookedReadings: 'Booked readings and fees',
  writtenReadings: 'Written readings',
  live: 'Gifts and stream joins',
  shop: 'Shop',
  other: 'Other',
};

export const revenueBySourceSchema = z.object({ source: z.enum(REVENUE_SOURCES), revenueCents: z.number().int() });
export type RevenueBySource = z.infer<typeof revenueBySourceSchema>;

/**
 * GET /api/admin/analytics: one entry per day of the window, oldest first, days without readings as
 * zeros; and the window's revenue by source, every source in REVENUE_SOURCES' order (zeros too),
 * adding up to the days' revenue.
 */
export const adminAnalyticsSchema = z.object({
  days: z.array(analyticsDaySchema),
  revenueBySource: z.array(revenueBySourceSchema),
  topReaders: z.array(topReaderSchema),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
