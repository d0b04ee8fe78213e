import {
  type ChannelChoices,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  PREFERENCE_CATALOG,
  PREFERENCE_KINDS,
  type PreferenceKind,
  type QuietHours,
  isChannelOn,
  isPreferenceKind,
} from '@shared/notification-preferences';
import { recordOf } from '@shared/records';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences } from '../../db/schema';
import { msUntilQuietHoursEnd } from './quiet-hours';

/**
 * Whether `channel` of `kind` is on for the user in `userId` (a column or a value), in SQL: their
 * saved choice, else the catalog's default. One expression, so a fan-out of thousands (a stream
 * going live) filters its recipients in the same statement that writes their notices.
 */
export function channelOnSql(
  userId: SQL | string | { getSQL(): SQL },
  kind: PreferenceKind,
  channel: NotificationChannel,
): SQL {
  const fallback = PREFERENCE_CATALOG[kind].defaults[channel] ?? false;
  return sql`coalesce((select (np.channels -> ${kind} ->> ${channel})::boolean from ${notificationPreferences} np where np.user_id = ${userId}), ${fallback})`;
}

/**
 * Whether a bell notice of this kind shows for the user: their choice where the kind offers the
 * in-app channel; always where it does not (the bell is then not theirs to turn off), and always
 * for a kind outside the catalog.
 */
export function inAppSql(userId: SQL | string | { getSQL(): SQL }, kind: string): SQL {
  return isPreferenceKind(kind) && PREFERENCE_CATALOG[kind].defaults.inApp !== undefined
    ? channelOnSql(userId, kind, 'inApp')
    : sql`true`;
}

const toMinute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export interface StoredPreferences {
  channels: ChannelChoices;
  quietHours: QuietHours | null;
  timeZone: string;
}

export async function loadPreferences(db: DbOrTx, userId: string): Promise<StoredPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (!row) return { channels: {}, quietHours: null, timeZone: 'UTC' };
  const quietHours =
    row.quietStartMinute === null || row.quietEndMinute === null
      ? null
      : { start: toTime(row.quietStartMinute), end: toTime(row.quietEndMinute) };
  return { channels: row.channels, quietHours, timeZone: row.timeZone };
}

/** The settings page's view: every offered channel of every kind, as it is in effect. */
export function effectivePreferences(stored: StoredPreferences, pushPublicKey: string | null): NotificationPreferences {
  const channels = recordOf(PREFERENCE_KINDS, (kind) =>
    Object.fromEntries(
      NOTIFICATION_CHANNELS.filter((channel) => PREFERENCE_CATALOG[kind].defaults[channel] !== undefined).map(
        (channel) => [channel, isChannelOn(stored.channels, kind, channel)],
      ),
    ),
  );
  return { channels, quietHours: stored.quietHours, timeZone: stored.timeZone, pushPublicKey };
}

/** Saves every choice at once: what the page shows is what is kept (one row a person, upserted). */
export async function savePreferences(
  db: DbOrTx,
  userId: string,
  input: NotificationPreferencesInput,
  now: Date,
): Promise<StoredPreferences> {
  const values = {
    channels: input.channels,
    quietStartMinute: input.quietHours ? toMinute(input.quietHours.start) : null,
    quietEndMinute: input.quietHours ? toMinute(input.quietHours.end) : null,
    timeZone: input.timeZone,
    updatedAt: now,
  };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
  return { channels: input.channels, quietHours: input.quietHours, timeZone: input.timeZone };
}

/**
 * When a mail of this kind that waits out quiet hours may reach the person: `now`, or when their
 * quiet hours end; null when they keep this kind's mail off. One read of their choices for both.
 */
export async function emailNotBefore(
  db: DbOrTx,
  userId: string,
  kind: PreferenceKind,
  now: Date,
): Promise<Date | null> {
  const { channels, quietHours, timeZone } = await loadPreferences(db, userId);
  if (!isChannelOn(channels, kind, 'email')) return null;
  return new Date(now.getTime() + msUntilQuietHoursEnd(now, quietHours, timeZone));
}

/** Whether the person keeps mail of this kind on; read in the transaction that would queue it. */
export async function isEmailOn(db: DbOrTx, userId: string, kind: PreferenceKind): Promise<boolean> {
  return isChannelOn((await loadPreferences(db, userId)).channels, kind, 'email');
}
