import { ROLES } from './constants';
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

export const adminSessionsQuerySchema = z.object({
  status: z.enum(SESSION_STATUSES).optional(),
  limit,
  offset,
});
export type AdminSessionsQuery = z.infer<typeof adminSessionsQuerySchema>;

export const adminSessionsPageSchema = z.object({ sessions: z.array(sessionSchema), hasMore: z.boolean() });
export type AdminSessionsPage = z.infer<typeof adminSessionsPageSchema>;
