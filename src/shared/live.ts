import { RATE_MAX_CENTS, RATE_MIN_CENTS } from './constants';
import {
  GIFT_IDS,
  LIVE_CATEGORIES,
  STREAM_DESCRIPTION_MAX_LENGTH,
  STREAM_END_REASONS,
  STREAM_EXPECTED_MINUTES_MAX,
  STREAM_EXPECTED_MINUTES_MIN,
  STREAM_STATUSES,
  STREAM_TITLE_MAX_LENGTH,
} from './live-rules';
import { z } from './zod-config';

export * from './live-rules';

const id = z.string().trim().min(1, 'This field is required').max(100);
export const streamIdParamsSchema = z.object({ id });
export const streamMessageParamsSchema = z.object({ id, messageId: id });
export const streamViewerParamsSchema = z.object({ id, userId: id });

/** 0 is free to join; otherwise a price within the bounds of a reading's rate. */
export const streamPriceCentsSchema = z
  .number({ error: 'Price must be a number of cents' })
  .int('Price must be a whole number of cents')
  .refine(
    (cents) => cents === 0 || (cents >= RATE_MIN_CENTS && cents <= RATE_MAX_CENTS),
    `Price must be free or between $${RATE_MIN_CENTS / 100} and $${RATE_MAX_CENTS / 100}`,
  );

/**
 * POST /api/live/streams (readers only). Without `scheduledFor` the stream goes live at once
 * (201 `{ id, status: 'live' }`); with it, it is announced for that time (`status: 'scheduled'`)
 * and goes live when its reader starts it.
 */
export const createStreamSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(STREAM_TITLE_MAX_LENGTH, `Title must be at most ${STREAM_TITLE_MAX_LENGTH} characters`),
  description: z
    .string()
    .trim()
    .max(STREAM_DESCRIPTION_MAX_LENGTH, `Description must be at most ${STREAM_DESCRIPTION_MAX_LENGTH} characters`)
    .default(''),
  category: z.enum(LIVE_CATEGORIES, { error: `Category must be one of ${LIVE_CATEGORIES.join(', ')}` }),
  priceCents: streamPriceCentsSchema.optional(),
  /** ISO date-time in the future (the server refuses a past one with 400). */
  scheduledFor: z.iso.datetime({ offset: true, error: 'scheduledFor must be an ISO date and time' }).optional(),
  expectedMinutes: z
    .number()
    .int()
    .min(STREAM_EXPECTED_MINUTES_MIN, `Expected length must be at least ${STREAM_EXPECTED_MINUTES_MIN} minutes`)
    .max(STREAM_EXPECTED_MINUTES_MAX, `Expected length must be at most ${STREAM_EXPECTED_MINUTES_MAX} minutes`)
    .optional(),
});
export type CreateStreamInput = z.input<typeof createStreamSchema>;
export const createStreamResultSchema = z.object({ id: z.string(), status: z.enum(['live', 'scheduled']) });
/** POST /api/live/streams/:id/start: a scheduled stream is now live. */
export const startedStreamSchema = z.object({ id: z.string(), status: z.literal('live') });

export const streamListQuerySchema = z.object({
  status: z.enum(['live', 'scheduled'], { error: 'status must be live or scheduled' }).default('live'),
  category: z.enum(LIVE_CATEGORIES, { error: `category must be one of ${LIVE_CATEGORIES.join(', ')}` }).optional(),
});

export const streamReaderSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  specialties: z.array(z.string()),
  followerCount: z.number().int(),
});

/** A stream as every page shows it; the `viewer…` fields answer for the signed-in user (false for a visitor). */
export const liveStreamSchema = z.object({
  id: z.string(),
  status: z.enum(STREAM_STATUSES),
  title: z.string(),
  description: z.string(),
  category: z.enum(LIVE_CATEGORIES),
  priceCents: z.number().int(),
  scheduledFor: z.string().nullable(),
  expectedMinutes: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Set once the stream has ended. */
  endReason: z.enum(STREAM_END_REASONS).nullable(),
  /** Distinct signed-in users in the stream's room now. */
  viewerCount: z.number().int(),
  /** Users who asked to be reminded (a scheduled stream's 'subscribers'). */
  reminderCount: z.number().int(),
  reader: streamReaderSchema,
  viewerFollowsReader: z.boolean(),
  viewerHasReminder: z.boolean(),
  /** The viewer may watch: the stream is free, or they paid its price, or it is theirs. */
  viewerHasJoined: z.boolean(),
});
export type LiveStream = z.infer<typeof liveStreamSchema>;
export const liveStreamListSchema = z.object({ streams: z.array(liveStreamSchema) });

/** POST /api/live/streams/:id/join: admits the viewer, charging a priced stream's price once (402 without the funds). */
export const joinStreamResultSchema = z.object({ paidCents: z.number().int(), balanceCents: z.number().int() });
export type JoinStreamResult = z.infer<typeof joinStreamResultSchema>;

/** POST /api/live/streams/:id/gifts with an Idempotency-Key header. */
export const sendGiftSchema = z.object({ giftId: z.enum(GIFT_IDS, { error: 'Choose one of the gifts' }) });
export const sentGiftSchema = z.object({
  id: z.string(),
  giftId: z.enum(GIFT_IDS),
  amountCents: z.number().int(),
  /** The sender's wallet after the gift. */
  balanceCents: z.number().int(),
});
export type SentGift = z.infer<typeof sentGiftSchema>;

/** GET /api/live/streams/:id/gifts: the stream's gift total and its givers, most generous first. */
export const streamGiftSummarySchema = z.object({
  totalCents: z.number().int(),
  giftCount: z.number().int(),
  leaderboard: z.array(
    z.object({ userId: z.string(), userName: z.string(), totalCents: z.number().int(), giftCount: z.number().int() }),
  ),
});
export type StreamGiftSummary = z.infer<typeof streamGiftSummarySchema>;

/** One chat message of a stream, as the room hears it (`stream_chat`) and as history. */
export const streamChatSchema = z.object({
  id: z.string(),
  streamId: z.string(),
  userId: z.string(),
  userName: z.string(),
  content: z.string(),
  at: z.string(),
});
export type StreamChat = z.infer<typeof streamChatSchema>;

/** PUT/DELETE /api/follows/:readerId answer. */
export const followParamsSchema = z.object({ readerId: id });
export const followStateSchema = z.object({ following: z.boolean(), followerCount: z.number().int() });
/** PUT/DELETE /api/live/streams/:id/reminder answer. */
export const reminderStateSchema = z.object({ reminded: z.boolean(), reminderCount: z.number().int() });
