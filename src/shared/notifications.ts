import { z } from './zod-config';

/** `stream_live`: a followed reader (or a stream you asked to be reminded of) went live. `reader_online`: a favorited reader came online. */
export const NOTIFICATION_KINDS = [
  'stream_live',
  'reader_online',
  // Written readings (decision 047): a new question to the reader; the answer, or the refund of an unanswered one, to
  // the client.
  'written_reading_asked',
  'written_reading_answered',
  'written_reading_refunded',
  // Appointments (decision 048): a booking to the reader; the answer, a cancellation, a reminder or a miss to either
  // side.
  'appointment_booked',
  'appointment_accepted',
  'appointment_declined',
  'appointment_cancelled',
  'appointment_reminder',
  'appointment_missed',
  // A promotion an admin sent to the clients who opted into offers (decision 066).
  'promotion',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The bell's list holds the newest this many. */
export const NOTIFICATIONS_PAGE_SIZE = 30;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The in-app path it opens, e.g. /live/<id> or /readers/<username>. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /api/notifications */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });
