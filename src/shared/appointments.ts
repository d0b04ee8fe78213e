import { SESSION_TYPES } from './constants';
import { clientAndReaderFields } from './readers';
import { z } from './zod-config';

/** The lengths a reading can be booked for (decision 048, like Keen's 'Arrange'). */
export const APPOINTMENT_MINUTES = [15, 30, 45, 60] as const;
export type AppointmentMinutes = (typeof APPOINTMENT_MINUTES)[number];
/** Booked slots start on this grid (every UTC offset in use is a multiple of 15 minutes, so it is the local grid too). */
export const APPOINTMENT_GRID_MINUTES = 15;
/** How far ahead a slot may be booked, and how soon at the earliest. */
export const APPOINTMENT_BOOKING_DAYS = 14;
export const APPOINTMENT_MIN_LEAD_MINUTES = 60;
/** The reader answers by 12 hours before the start, or within 12 hours of the booking, whichever is sooner. */
export const APPOINTMENT_ANSWER_HOURS = 12;
/** A client who cancels an accepted appointment less than this many hours ahead pays the late-cancellation fee. */
export const APPOINTMENT_FREE_CANCEL_HOURS = 12;
/** The late-cancellation fee and the no-show fee: this share of the price, to the reader (70/30 as any charge). */
export const APPOINTMENT_FEE_PERCENT = 50;
/** Reminders to both sides, this many minutes before the start. */
export const APPOINTMENT_REMINDER_MINUTES = [24 * 60, 15] as const;
/** 'Join' shows from this many minutes before the start. */
export const APPOINTMENT_JOIN_EARLY_MINUTES = 5;
/** A side not joined this many minutes after the start has missed it. */
export const APPOINTMENT_MISSED_AFTER_MINUTES = 10;

/**
 * pending: booked, the price held, waiting for the reader. accepted: the reader will read.
 * declined (by the reader, or by itself when unanswered), cancelled (by either side): the hold
 * released, less a late-cancellation fee. missed_by_reader: released in full. missed_by_client:
 * the no-show fee charged, the rest released. completed: the reading took place.
 */
export const APPOINTMENT_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'cancelled',
  'missed_by_reader',
  'missed_by_client',
  'completed',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** While an appointment is in one of these, its price is held and its slot taken. */
export const OPEN_APPOINTMENT_STATUSES = ['pending', 'accepted'] as const satisfies readonly AppointmentStatus[];

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  pending: 'Waiting for the reader',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  missed_by_reader: 'Missed by reader',
  missed_by_client: 'Missed by client',
  completed: 'Completed',
};

const MINUTES_MESSAGE = 'Choose 15, 30, 45 or 60 minutes';

/** POST /api/appointments */
export const bookAppointmentSchema = z.object({
  readerId: z.string({ error: 'Choose a reader' }).trim().min(1, 'Choose a reader').max(100),
  sessionType: z.enum(SESSION_TYPES, { error: 'Choose chat, audio or video' }),
  startsAt: z.iso.datetime({ offset: true, error: 'Choose a start time' }),
  minutes: z.union([z.literal(15), z.literal(30), z.literal(45), z.literal(60)], { error: MINUTES_MESSAGE }),
});
export type BookAppointmentInput = z.infer<typeof bookAppointmentSchema>;

export const appointmentParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/** POST /api/dev/appointments/:id/start-soon, the end-to-end suite's shortcut: when the accepted appointment now starts. */
export const appointmentStartsSoonSchema = z.object({ startsAt: z.string() });
export const readerSlotsParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const appointmentSchema = z.object({
  id: z.string(),
  ...clientAndReaderFields,
  sessionType: z.enum(SESSION_TYPES),
  startsAt: z.string(),
  endsAt: z.string(),
  minutes: z.number().int(),
  ratePerMinuteCents: z.number().int(),
  priceCents: z.number().int(),
  status: z.enum(APPOINTMENT_STATUSES),
  /** Until when the reader may accept; unanswered by then, it is declined by itself. */
  answerBy: z.string(),
  /** Who cancelled, when cancelled. */
  cancelledBy: z.enum(['client', 'reader']).nullable(),
  /** What the client paid the reader without a reading: a late-cancellation or no-show fee. */
  feeCents: z.number().int(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** When each side pressed 'Join' (from 5 minutes before the start); cleared if a reading room was opened but never started. */
  clientJoinedAt: z.string().nullable(),
  readerJoinedAt: z.string().nullable(),
  /** The reading room, once both sides joined: /reading/<sessionId>. */
  sessionId: z.string().nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** GET /api/appointments: the signed-in user's appointments as client and as reader, soonest first. */
export const appointmentListSchema = z.object({
  appointments: z.array(appointmentSchema),
  /** As a reader: how many appointments they missed (decision 048: the reader's dashboard counts them). */
  missedByReaderCount: z.number().int().min(0),
});
export type AppointmentList = z.infer<typeof appointmentListSchema>;

/** GET /api/readers/:id/appointment-slots: what can be booked in the next 14 days. */
export const appointmentSlotsSchema = z.object({
  /** The reader's zone, which their weekly schedule is written in (the viewer sees times in their own). */
  timeZone: z.string(),
  ratesPerMinuteCents: z.object({ chat: z.number().int(), audio: z.number().int(), video: z.number().int() }),
  /** Free start times, each with the longest length that fits (every shorter length of APPOINTMENT_MINUTES fits too). */
  slots: z.array(z.object({ startsAt: z.string(), maxMinutes: z.number().int() })),
});
export type AppointmentSlots = z.infer<typeof appointmentSlotsSchema>;
