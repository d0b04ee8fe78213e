import { timeZoneSchema } from './reader-schedule';
import { z } from './zod-config';

/** Where a notice can reach a person: the header's bell (and the app's own dialogs), a mail, a push to their devices. */
export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Every kind of notice a person can choose about (decision 049), in the order the settings page lists them. */
export const PREFERENCE_KINDS = [
  'reading_request',
  'queue_offer',
  'appointment_reminder',
  'written_reading_asked',
  'written_reading_answered',
  'written_reading_refunded',
  'payout_paid',
  'reader_online',
  'stream_live',
  'promotion',
] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/** A notice of a kind not listed here is not a person's choice: always in the bell, never pushed. */
export const isPreferenceKind = (kind: string): kind is PreferenceKind =>
  PREFERENCE_KINDS.some((known) => known === kind);

/**
 * What happens to a push due during the person's quiet hours (docs/decisions/049): `defer` waits
 * until they end (news that keeps: an answer, a payout); `drop` is never sent, because by morning
 * it is past (a request that expires in a minute, an offer, a reader online now, a stream on air).
 */
export type QuietHoursRule = 'defer' | 'drop';

export interface PreferenceKindInfo {
  label: string;
  /** Who receives it: the settings page shows a person the kinds that can reach them. */
  audience: 'reader' | 'client' | 'everyone';
  /**
   * The channels a person may switch for this kind, each with its default. A channel left out is
   * not offered: there is no such message, or it must always reach them (a request's dialog in
   * an open dashboard is how a reader accepts it at all).
   */
  defaults: Partial<Record<NotificationChannel, boolean>>;
  whenQuiet: QuietHoursRule;
}

/**
 * Defaults: what someone is waiting for is on everywhere (a request, an offer, an appointment, an
 * answer, money); what is closer to marketing (a favorite came online, a followed reader is live)
 * stays in the bell and is not pushed until the person asks for it.
 */
export const PREFERENCE_CATALOG: Record<PreferenceKind, PreferenceKindInfo> = {
  reading_request: {
    label: 'A client requests a reading',
    audience: 'reader',
    defaults: { push: true },
    whenQuiet: 'drop',
  },
  queue_offer: {
    label: 'Your turn in a reader’s queue',
    audience: 'client',
    defaults: { push: true },
    whenQuiet: 'drop',
  },
  appointment_reminder: {
    label: 'An appointment starts soon',
    audience: 'everyone',
    defaults: { push: true },
    whenQuiet: 'drop',
  },
  written_reading_asked: {
    label: 'A new question by message',
    audience: 'reader',
    defaults: { inApp: true, push: true },
    whenQuiet: 'defer',
  },
  written_reading_answered: {
    label: 'Your question is answered',
    audience: 'client',
    defaults: { inApp: true, email: true, push: true },
    whenQuiet: 'defer',
  },
  written_reading_refunded: {
    label: 'An unanswered question is refunded',
    audience: 'client',
    defaults: { inApp: true, push: true },
    whenQuiet: 'defer',
  },
  payout_paid: {
    label: 'A payout is paid',
    audience: 'reader',
    defaults: { email: true, push: true },
    whenQuiet: 'defer',
  },
  reader_online: {
    label: 'A favorite reader comes online',
    audience: 'client',
    defaults: { inApp: true, push: false },
    whenQuiet: 'drop',
  },
  stream_live: {
    label: 'A followed reader goes live',
    audience: 'everyone',
    defaults: { inApp: true, push: false },
    whenQuiet: 'drop',
  },
  // Offers are opt-in on every channel (decision 066): nothing reaches a person who has not asked for it,
  // and one due in quiet hours waits until they end (the offer outlasts the night).
  promotion: {
    label: 'Offers and promotion codes',
    audience: 'client',
    defaults: { inApp: false, email: false, push: false },
    whenQuiet: 'defer',
  },
};

/** Whether this channel of this kind is on, given the person's saved choices (absent: the default). */
export function isChannelOn(choices: ChannelChoices, kind: PreferenceKind, channel: NotificationChannel): boolean {
  return choices[kind]?.[channel] ?? PREFERENCE_CATALOG[kind].defaults[channel] ?? false;
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDaySchema = z.string().regex(HH_MM, 'Use a time like 22:00');

/** Quiet hours in the person's own time zone, start inclusive, end exclusive; overnight when start > end. */
export const quietHoursSchema = z
  .object({ start: timeOfDaySchema, end: timeOfDaySchema })
  .refine((hours) => hours.start !== hours.end, {
    message: 'Quiet hours must end at another time than they start',
    path: ['end'],
  });
export type QuietHours = z.infer<typeof quietHoursSchema>;

const channelChoiceSchema = z
  .object({ inApp: z.boolean().optional(), email: z.boolean().optional(), push: z.boolean().optional() })
  .strict();
export const channelChoicesSchema = z.partialRecord(z.enum(PREFERENCE_KINDS), channelChoiceSchema);
export type ChannelChoices = z.infer<typeof channelChoicesSchema>;

/** PUT /api/notifications/preferences: every choice at once (a kind or channel left out goes back to its default). */
export const notificationPreferencesInputSchema = z
  .object({ channels: channelChoicesSchema, quietHours: quietHoursSchema.nullable(), timeZone: timeZoneSchema })
  .strict()
  .superRefine((input, ctx) => {
    for (const kind of PREFERENCE_KINDS) {
      const choice = input.channels[kind];
      for (const channel of NOTIFICATION_CHANNELS) {
        if (choice?.[channel] !== undefined && PREFERENCE_CATALOG[kind].defaults[channel] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['channels', kind, channel],
            message: `${PREFERENCE_CATALOG[kind].label}: not offered by ${channel}`,
          });
        }
      }
    }
  });
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/** GET and PUT /api/notifications/preferences: the effective choice of every offered channel. */
export const notificationPreferencesSchema = z.object({
  channels: z.record(z.enum(PREFERENCE_KINDS), channelChoiceSchema),
  quietHours: quietHoursSchema.nullable(),
  timeZone: z.string(),
  /** The server's VAPID public key for PushManager.subscribe; null when push is off on this server. */
  pushPublicKey: z.string().nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A push's state in its queue (push_messages). */
export const PUSH_STATUSES = ['queued', 'sent', 'failed', 'dropped'] as const;

/** POST /api/push/subscriptions: a browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({
    // P-256 public key, uncompressed (65 bytes), and the 16-byte auth secret, both base64url.
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'Not a P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/, 'Not a 16-byte auth secret'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions: the device to forget, by its endpoint. */
export const pushSubscriptionDeleteSchema = z.object({ endpoint: z.string().min(1).max(2000) });

export const pushSubscriptionSavedSchema = z.object({ devices: z.number().int() });
