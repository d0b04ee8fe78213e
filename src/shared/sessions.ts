import { MESSAGE_MAX_LENGTH, RATING_WINDOW_DAYS, SESSION_TYPES } from './constants';
import { maskedFlagSchema } from './masked-flag';
import { createReaderSchema, rateCentsSchema, readerSchema } from './readers';
import { spentBySourceSchema } from './spending';
import { imageUrlSchema } from './auth';
import { writtenReadingAnswerHoursSchema, writtenReadingPriceCentsSchema } from './written-readings';
import { z } from './zod-config';

export const sessionTypeSchema = z.enum(SESSION_TYPES, { error: 'sessionType must be chat, audio or video' });

export const SESSION_STATUSES = [
  'requested',
  'accepted',
  'declined',
  'missed',
  'cancelled',
  'active',
  'completed',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
/** A session in one of these holds its reader and its client: no second open one for either. */
export const OPEN_SESSION_STATUSES: readonly SessionStatus[] = ['requested', 'accepted', 'active'];

/** Why a session ended; `completed` when a participant ended it. */
export const END_REASONS = [
  'completed',
  'insufficient_funds',
  'disconnected',
  'declined',
  'missed',
  'cancelled',
  'not_joined',
] as const;
export type EndReason = (typeof END_REASONS)[number];

/**
 * Why an active reading's meter is stopped: a side is away (until both are back), or the client
 * cannot pay the next minute (until a deposit covers it, or `resumeBy`).
 */
export const PAUSE_REASONS = ['away', 'insufficient_funds'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

const id = z.string().trim().min(1, 'This field is required').max(100);

export const sessionRequestSchema = z.object({
  readerId: id,
  sessionType: sessionTypeSchema,
  /** The rate the client was shown; a different current rate answers 409 with the new rate. */
  ratePerMinuteCents: rateCentsSchema.optional(),
});
export type SessionRequestInput = z.infer<typeof sessionRequestSchema>;

export const sessionRespondSchema = z.object({
  sessionId: id,
  response: z.enum(['accept', 'decline'], { error: 'response must be accept or decline' }),
});

export const sessionIdSchema = z.object({ sessionId: id });
export const sessionIdParamsSchema = z.object({ id });

export const sessionEndSchema = z.object({
  sessionId: id,
  refundRequested: z.boolean().optional(),
});

export const messageTypeSchema = z.enum(['text']).default('text');

export const sessionMessageSchema = z.object({
  sessionId: id,
  content: z
    .string()
    .max(MESSAGE_MAX_LENGTH, `A message can have at most ${MESSAGE_MAX_LENGTH} characters`)
    .refine((text) => text.trim().length > 0, 'A message cannot be empty'),
  type: messageTypeSchema,
});
export type SessionMessageInput = z.input<typeof sessionMessageSchema>;

export const sessionRatingSchema = z.object({
  rating: z
    .number()
    .int('Rating must be a whole number')
    .min(1, 'Rating must be 1 to 5')
    .max(5, 'Rating must be 1 to 5'),
  review: z.string().trim().max(1000, 'A review can have at most 1,000 characters').optional(),
});

export const historyQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const availableReadersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(3),
  featured: z.enum(['true', 'false']).optional(),
});

export const participantSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});

/**
 * A booked reading's terms (an appointment, docs/decisions/048): its booked length, and going on
 * past it. Each side presses Extend, confirming the rate shown; once both have, every minute past
 * the booked length is charged from the client's wallet at the rate the client agreed to (the
 * reader's live rate for the type when they pressed), pausing for a top-up as any walk-in reading.
 */
export const sessionBookingSchema = z.object({
  appointmentId: z.string(),
  bookedMinutes: z.number().int(),
  /** The reader's rate for this type now: what a minute past the booked length costs until the client agrees to one. */
  liveRatePerMinuteCents: z.number().int(),
  clientExtendedAt: z.string().nullable(),
  readerExtendedAt: z.string().nullable(),
  /** The rate the client agreed to when they pressed Extend; null until they have. */
  extensionRatePerMinuteCents: z.number().int().nullable(),
});
export type SessionBooking = z.infer<typeof sessionBookingSchema>;

/** Both sides pressed Extend: the reading goes on past its booked length (a booking here, a session row on the server). */
export const isExtended = (terms: {
  clientExtendedAt: string | Date | null;
  readerExtendedAt: string | Date | null;
}): boolean => terms.clientExtendedAt !== null && terms.readerExtendedAt !== null;

/** The rate an Extend press confirms: the one the client agreed to, else the reader's live rate. */
export const extensionOfferRate = (booking: SessionBooking): number =>
  booking.extensionRatePerMinuteCents ?? booking.liveRatePerMinuteCents;

/** POST /api/sessions/:id/extend: the rate this side saw on its Extend button. */
export const extendReadingSchema = z
  .object({
    ratePerMinuteCents: z
      .number()
      .int('ratePerMinuteCents must be a whole number of cents')
      .positive('ratePerMinuteCents must be positive'),
  })
  .strict();
export type ExtendReadingInput = z.infer<typeof extendReadingSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  readerId: z.string(),
  client: participantSchema,
  reader: participantSchema,
  sessionType: sessionTypeSchema,
  status: z.enum(SESSION_STATUSES),
  ratePerMinuteCents: z.number().int(),
  minutesCharged: z.number().int(),
  totalCostCents: z.number().int(),
  /** Of `minutesCharged`, how many first minutes were (or will be) free: the reader's offer to a first reading. */
  freeMinutes: z.number().int(),
  /** What the reader earned from this session: floor(70%) of its total (shared/money.ts splitSessionMinute). */
  readerEarningsCents: z.number().int(),
  refundedCents: z.number().int(),
  endReason: z.enum(END_REASONS).nullable(),
  requestedAt: z.string(),
  /** When an unanswered request becomes `missed`. */
  expiresAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** When the next minute will be charged while active (moved on by the time the meter was paused). */
  nextMinuteAt: z.string().nullable(),
  /** Since when the meter is paused; null while it runs. */
  pausedAt: z.string().nullable(),
  /** Why it is paused (null while it runs). */
  pauseReason: z.enum(PAUSE_REASONS).nullable(),
  /** A pause for funds ends the reading at this moment unless a deposit covers the next minute first. */
  resumeBy: z.string().nullable(),
  rating: z.number().int().nullable(),
  review: z.string().nullable(),
  /** Until when the client may rate it; null when it cannot be rated (see ratableUntil). */
  ratableUntil: z.string().nullable(),
  /** The reader is the demo reader the server answers itself (readers.DEMO_READER_NOTE). */
  isReaderAutomated: z.boolean(),
  /** A booked reading's terms; null for a walk-in reading. */
  booking: sessionBookingSchema.nullable(),
});
export type ReadingSession = z.infer<typeof sessionSchema>;
/** POST /api/sessions/:id/rating: the rated reading, and whether contact details were taken out of the review. */
export const ratedSessionSchema = sessionSchema.extend(maskedFlagSchema.shape);
export type RatedSession = z.infer<typeof ratedSessionSchema>;

/**
 * What the meter charges a minute now, from the wallet or the hold: a booked reading past its
 * booked length charges the extension rate; otherwise the reading's own rate.
 */
export function currentRateCents(
  session: Pick<ReadingSession, 'ratePerMinuteCents' | 'minutesCharged' | 'booking'>,
): number {
  const { booking } = session;
  return booking && session.minutesCharged >= booking.bookedMinutes && booking.extensionRatePerMinuteCents !== null
    ? booking.extensionRatePerMinuteCents
    : session.ratePerMinuteCents;
}

/**
 * What a minute costs the client's wallet: a walk-in reading's rate, or an extended booked reading's
 * extension rate; null while the wallet pays nothing (a booked reading's minutes are held). The
 * server's counterpart is booked-reading.ts walletRateOf.
 */
export function walletRateCents(session: Pick<ReadingSession, 'ratePerMinuteCents' | 'booking'>): number | null {
  const { booking } = session;
  if (booking === null) return session.ratePerMinuteCents;
  return isExtended(booking) ? booking.extensionRatePerMinuteCents : null;
}

const RATING_WINDOW_MS = RATING_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export const RATING_REFUSALS = {
  notCompleted: 'Only a completed reading can be rated',
  refunded: 'A refunded reading cannot be rated',
  unpaid: 'Only a reading with a paid minute can be rated',
  rated: 'You have already rated this reading',
  closed: `Ratings close ${RATING_WINDOW_DAYS} days after the reading`,
} as const;

interface RatableFacts {
  status: string;
  minutesCharged: number;
  refundedCents: number;
  rating: number | null;
  endedAt: Date | null;
}

/**
 * Why a reading cannot be rated (ever, whatever the time), or null when it can until its deadline.
 * A rating needs a completed reading with at least one paid, unrefunded minute, once: a refund
 * reverses every charge, so a refunded reading has none (decision 009: refunded readings rated 1 star).
 */
export function ratingRefusal(session: RatableFacts): keyof typeof RATING_REFUSALS | null {
  if (session.status !== 'completed' || session.endedAt === null) return 'notCompleted';
  if (session.rating !== null) return 'rated';
  if (session.refundedCents > 0) return 'refunded';
  if (session.minutesCharged === 0) return 'unpaid';
  return null;
}

/** The moment a reading stops being ratable, or null when it is not ratable at all. */
export function ratableUntil(session: RatableFacts): Date | null {
  if (ratingRefusal(session) !== null || session.endedAt === null) return null;
  return new Date(session.endedAt.getTime() + RATING_WINDOW_MS);
}

export const chatMessageSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  content: z.string(),
  type: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
/** POST /api/sessions/message → 201: the message as the room got it, and whether contact details were taken out. */
export const sentChatMessageSchema = chatMessageSchema.extend(maskedFlagSchema.shape);

export const featuredReaderSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  isOnline: z.boolean(),
  rating: z.number(),
  totalReviews: z.number().int(),
  specialties: z.array(z.string()),
  ratePerMinuteCents: z.number().int(),
  bio: z.string(),
});
export type FeaturedReader = z.infer<typeof featuredReaderSchema>;

/** Free first minutes a reader offers to each client's first reading with them. */
export const freeMinutesOfferSchema = z
  .number()
  .int()
  .min(0, 'Free minutes are 0 to 5')
  .max(5, 'Free minutes are 0 to 5');

export const updateMyReaderSchema = z
  .object({
    isOnline: z.boolean().optional(),
    chatRateCents: rateCentsSchema.optional(),
    audioRateCents: rateCentsSchema.optional(),
    videoRateCents: rateCentsSchema.optional(),
    // The profile a reader edits in their dashboard's Settings; the rules are the admin's create form's.
    bio: createReaderSchema.shape.bio.optional(),
    specialties: createReaderSchema.shape.specialties.optional(),
    yearsExperience: createReaderSchema.shape.yearsExperience.optional(),
    profileImage: imageUrlSchema.nullable().optional(),
    freeMinutes: freeMinutesOfferSchema.optional(),
    // Written questions (decision 047): a price opts in, null opts out; the promised answer time is kept either way.
    writtenReadingPriceCents: writtenReadingPriceCentsSchema.nullable().optional(),
    writtenReadingAnswerHours: writtenReadingAnswerHoursSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');
export type UpdateMyReaderInput = z.infer<typeof updateMyReaderSchema>;
/** PATCH /api/readers/me: the reader as saved, and whether contact details were taken out of the bio. */
export const updatedReaderSchema = readerSchema.extend(maskedFlagSchema.shape);
export type UpdatedReader = z.infer<typeof updatedReaderSchema>;

/** GET /api/sessions/rtc-config: ICE servers from config and the billing minute every timer scales with. */
export const rtcConfigSchema = z.object({
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  billingMinuteMs: z.number().int().positive(),
});
export type RtcConfig = z.infer<typeof rtcConfigSchema>;

/** The body of a 409 from POST /api/sessions/request when the reader's rate changed, beside code and message. */
export const rateChangedDetailsSchema = z.object({ ratePerMinuteCents: z.number().int() });

export const sessionHistorySchema = z.object({ sessions: z.array(sessionSchema), hasMore: z.boolean() });
export const sessionMessagesSchema = z.object({ messages: z.array(chatMessageSchema) });
export const availableReadersSchema = z.object({ readers: z.array(featuredReaderSchema) });

/**
 * GET /api/sessions/summary: the signed-in user's spending as a client (shared/spending.ts: readings,
 * booking fees, written questions, gifts, stream tickets and orders, net of refunds) and their
 * completed readings. "This month" is the calendar month in UTC, the server's one clock.
 */
export const clientSessionSummarySchema = z.object({
  totalSpentCents: z.number().int(),
  /** All time, one line per source; the lines add up to totalSpentCents. */
  spentBySource: spentBySourceSchema,
  completedSessions: z.number().int(),
  /** Spent this month, by the same definition. */
  monthSpentCents: z.number().int(),
  monthSessions: z.number().int(),
  /** Whole minutes per completed reading this month; null with none. */
  monthAverageMinutes: z.number().int().nullable(),
});
export type ClientSessionSummary = z.infer<typeof clientSessionSummarySchema>;

/** Whether the message retention has already removed this reading's chat, and after how long it does. */
export const messageRetentionSchema = z.object({
  /** Chat messages are deleted this many days after they were sent (RETENTION_DAYS). */
  retentionDays: z.number().int().positive(),
  /** The reading ended before the retention cut-off: its messages are gone (or go at the next sweep). */
  messagesDeleted: z.boolean(),
});
export type MessageRetention = z.infer<typeof messageRetentionSchema>;

/** GET /api/sessions/message-retention: the promise the policy page states, from the server's config. */
export const retentionPolicySchema = messageRetentionSchema.pick({ retentionDays: true });
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;

/**
 * GET /api/sessions/:id/details: a past reading for its client (its reader and admins too): the
 * session and its chat messages (chat readings only, and none once retention has deleted them).
 * What each minute cost is its receipt (GET /api/sessions/:id/receipt).
 */
export const sessionDetailsSchema = z.object({
  session: sessionSchema,
  messages: z.array(chatMessageSchema),
  messageRetention: messageRetentionSchema,
});
export type SessionDetails = z.infer<typeof sessionDetailsSchema>;

/** One billed minute of a receipt: what the client paid at its start and how it was split. */
export const receiptMinuteSchema = z.object({
  minute: z.number().int().positive(),
  startedAt: z.string(),
  amountCents: z.number().int(),
  readerCents: z.number().int(),
  platformCents: z.number().int(),
  /** A free first minute (the reader's offer): amount 0, no ledger transfer. */
  free: z.boolean(),
  /** What promotional credit paid of the minute; the rest was cash (decision 066). */
  creditCents: z.number().int(),
});
export type ReceiptMinute = z.infer<typeof receiptMinuteSchema>;

/**
 * GET /api/sessions/:id/receipt (its client, its reader, admins): every billed minute from
 * `session_minutes`, each matching the ledger legs of that minute. `totalCents` is the sum of the
 * lines; `refundedCents` what a refund gave back of it.
 */
export const sessionReceiptSchema = z.object({
  sessionId: z.string(),
  readerName: z.string(),
  type: sessionTypeSchema,
  ratePerMinuteCents: z.number().int(),
  minutes: z.array(receiptMinuteSchema),
  totalCents: z.number().int(),
  /** What promotional credit paid of the total. */
  creditCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type SessionReceipt = z.infer<typeof sessionReceiptSchema>;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** GET /api/sessions/:id/transcript?timeZone=…: the times of the text file in the downloader's own zone (UTC by default). */
/** GET /api/sessions/:id/transcript: the chat as a text file, sent as it is. */
export const sessionTranscriptSchema = z.string();

export const transcriptQuerySchema = z.object({
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, 'timeZone must be an IANA time zone such as America/New_York')
    .default('UTC'),
});

/**
 * POST /api/dev/sessions/:id/advance, the end-to-end suite's clock (DEV_READING_CLOCK, never in
 * production): the reading lives `minutes` billing minutes further on, as if they had passed.
 */
export const advanceReadingSchema = z.object({
  minutes: z
    .number()
    .int('minutes must be a whole number')
    .min(1, 'minutes must be at least 1')
    .max(10, 'minutes must be at most 10'),
});
