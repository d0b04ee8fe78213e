import { formatCount } from './count-format';
import { RATING_WINDOW_DAYS } from './constants';
import { maskedFlagSchema } from './masked-flag';
import { formatCents } from './money';
import { clientAndReaderFields } from './readers';
import {
  ANSWER_MAX_LENGTH,
  ANSWER_MIN_LENGTH,
  QUESTION_MAX_LENGTH,
  QUESTION_MIN_LENGTH,
  WRITTEN_READING_PRICE_MAX_CENTS,
  WRITTEN_READING_PRICE_MIN_CENTS,
} from './written-reading-rules';
import { z } from './zod-config';

export * from './written-reading-rules';

const PRICE_MESSAGE = `The price of a question is ${formatCents(WRITTEN_READING_PRICE_MIN_CENTS)} to ${formatCents(WRITTEN_READING_PRICE_MAX_CENTS)}`;
export const writtenReadingPriceCentsSchema = z
  .number({ error: PRICE_MESSAGE })
  .int(PRICE_MESSAGE)
  .min(WRITTEN_READING_PRICE_MIN_CENTS, PRICE_MESSAGE)
  .max(WRITTEN_READING_PRICE_MAX_CENTS, PRICE_MESSAGE);

export const writtenReadingAnswerHoursSchema = z.union([z.literal(24), z.literal(48)], {
  error: 'The answer time is 24 or 48 hours',
});

const QUESTION_MESSAGE = `Your question must be ${QUESTION_MIN_LENGTH} to ${formatCount(QUESTION_MAX_LENGTH)} characters`;
const ANSWER_MESSAGE = `The answer must be ${ANSWER_MIN_LENGTH} to ${formatCount(ANSWER_MAX_LENGTH)} characters`;

/** POST /api/written-readings */
export const askWrittenReadingSchema = z.object({
  readerId: z.string({ error: 'Choose a reader' }).trim().min(1, 'Choose a reader').max(100),
  question: z
    .string({ error: QUESTION_MESSAGE })
    .trim()
    .min(QUESTION_MIN_LENGTH, QUESTION_MESSAGE)
    .max(QUESTION_MAX_LENGTH, QUESTION_MESSAGE),
});
export type AskWrittenReadingInput = z.infer<typeof askWrittenReadingSchema>;

/**
 * POST /api/written-readings may carry an `Idempotency-Key` (the web sends one per question it
 * composes): a retry or a second click with the same key answers the first question, holding nothing more.
 */
export const askWrittenReadingHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'The Idempotency-Key header is empty')
    .max(255, 'The Idempotency-Key header is at most 255 characters')
    .optional(),
});

/** POST /api/written-readings/:id/answer */
export const answerWrittenReadingSchema = z.object({
  answer: z
    .string({ error: ANSWER_MESSAGE })
    .trim()
    .min(ANSWER_MIN_LENGTH, ANSWER_MESSAGE)
    .max(ANSWER_MAX_LENGTH, ANSWER_MESSAGE),
});
export type AnswerWrittenReadingInput = z.infer<typeof answerWrittenReadingSchema>;

/** POST /api/written-readings/:id/rate */
export const rateWrittenReadingSchema = z.object({
  rating: z
    .number({ error: 'Choose 1 to 5 stars' })
    .int('Choose 1 to 5 stars')
    .min(1, 'Choose 1 to 5 stars')
    .max(5, 'Choose 1 to 5 stars'),
  review: z.string().trim().max(1000, 'A review is at most 1,000 characters').optional(),
});
export type RateWrittenReadingInput = z.infer<typeof rateWrittenReadingSchema>;

export const writtenReadingParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });
/** GET /api/readers/:id/written-readings/on-time: the reader's id. */
export const writtenReadingReaderParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** pending: the price is held, the reader may answer until dueAt. answered: charged 70/30. refunded: not answered in time, the hold released in full. */
export const WRITTEN_READING_STATUSES = ['pending', 'answered', 'refunded'] as const;
export type WrittenReadingStatus = (typeof WRITTEN_READING_STATUSES)[number];

export const WRITTEN_READING_RATING_REFUSALS = {
  notAnswered: 'Only an answered question can be rated',
  rated: 'You have already rated this answer',
  closed: `Ratings close ${RATING_WINDOW_DAYS} days after the answer`,
} as const;

export const writtenReadingSchema = z.object({
  id: z.string(),
  ...clientAndReaderFields,
  question: z.string(),
  answer: z.string().nullable(),
  priceCents: z.number().int(),
  answerHours: z.number().int(),
  status: z.enum(WRITTEN_READING_STATUSES),
  createdAt: z.string(),
  /** The promised answer time: unanswered by then, the price goes back to the client's wallet. */
  dueAt: z.string(),
  answeredAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  rating: z.number().int().nullable(),
  review: z.string().nullable(),
  /** Until when the client may rate it; null when it cannot be rated (not answered, rated, or closed). */
  ratableUntil: z.string().nullable(),
});
export type WrittenReading = z.infer<typeof writtenReadingSchema>;
/** The answer to the one who wrote (asked, answered or rated): the thread, and whether contact details were taken out of what they wrote. */
export const sentWrittenReadingSchema = writtenReadingSchema.extend(maskedFlagSchema.shape);
export type SentWrittenReading = z.infer<typeof sentWrittenReadingSchema>;

/** GET /api/written-readings: the signed-in user's threads, as client and as reader, newest first. */
export const writtenReadingListSchema = z.object({ writtenReadings: z.array(writtenReadingSchema) });
export type WrittenReadingList = z.infer<typeof writtenReadingListSchema>;

/** GET /api/readers/:id/written-readings/on-time: of the questions whose time has come, the share answered in time. */
export const writtenReadingOnTimeSchema = z.object({
  /** Questions answered in time plus questions refunded for want of an answer. */
  dueCount: z.number().int().min(0),
  answeredOnTimeCount: z.number().int().min(0),
  /** Whole percent, or null while no question has come due. */
  onTimePercent: z.number().int().min(0).max(100).nullable(),
});
export type WrittenReadingOnTime = z.infer<typeof writtenReadingOnTimeSchema>;
