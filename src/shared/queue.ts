import { sessionTypeSchema } from './sessions';
import { z } from './zod-config';

/** The callback queue: a client waits in a busy reader's line and is offered the reader when free. */

export const queueReaderParamsSchema = z.object({ id: z.string().trim().min(1, 'This field is required').max(100) });

export const joinQueueSchema = z.object({ sessionType: sessionTypeSchema });
export type JoinQueueInput = z.infer<typeof joinQueueSchema>;

/**
 * Why a 409 refused a join (or, `reader_reserved`, a request for a reader kept for their line),
 * beside the message, so a page can say what to do next.
 */
export const QUEUE_REFUSALS = [
  'reader_offline',
  'reader_free',
  'in_another_queue',
  'in_a_reading',
  'reader_reserved',
] as const;
export type QueueRefusal = (typeof QUEUE_REFUSALS)[number];

/** A client's place in a reader's line; `offerExpiresAt` is set while the reader is kept for them. */
export const queuePlaceSchema = z.object({
  readerId: z.string(),
  readerName: z.string(),
  readerUsername: z.string(),
  sessionType: sessionTypeSchema,
  /** The reader's current rate for the type: what a request would be charged. */
  ratePerMinuteCents: z.number().int(),
  /** 1 is next. */
  position: z.number().int().min(1),
  joinedAt: z.string(),
  offerExpiresAt: z.string().nullable(),
});
export type QueuePlace = z.infer<typeof queuePlaceSchema>;

/** GET /api/queue: the signed-in client's place in a line, or null (at most one line per client). */
export const currentQueuePlaceSchema = z.object({ place: queuePlaceSchema.nullable() });
export type CurrentQueuePlace = z.infer<typeof currentQueuePlaceSchema>;

/** Why a client is no longer in a line without having left it. */
export const QUEUE_CLOSE_REASONS = ['reader_offline', 'offer_expired'] as const;
export type QueueCloseReason = (typeof QUEUE_CLOSE_REASONS)[number];
