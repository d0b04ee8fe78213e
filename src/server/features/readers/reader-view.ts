import type { SessionType } from '@shared/constants';
import type { ReaderSchedule } from '@shared/reader-schedule';
import { offeredSessionTypes, type Reader, type ReaderDetails, readerPresence } from '@shared/readers';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { readerFullNameOf, readerProfiles, readingSessions, user } from '../../db/schema';
import { notFound } from '../../errors';
import { readerServiceAt, type ServiceCounts, toReaderService } from './reader-service';

/** A reader's name as their profile shows it, for the queries that name them. */
export const readerFullName = readerFullNameOf(readerProfiles);

/** Each reader's weekly slots in one subquery, so a directory page stays one round trip. */
const scheduleSlots = sql<ReaderSchedule['slots']>`coalesce((
  select json_agg(json_build_object('weekday', a.weekday, 'startMinute', a.start_minute, 'endMinute', a.end_minute) order by a.weekday, a.start_minute)
  from reader_availability a where a.reader_id = ${readerProfiles.userId}
), '[]'::json)`;

/** In an active reading with anyone: online but unable to take a request (the open-session index answers it). */
export const readerIsBusy = sql<boolean>`exists (select 1 from ${readingSessions}
  where ${readingSessions.readerId} = ${readerProfiles.userId} and ${readingSessions.status} = 'active')`;

/**
 * A reader anyone may find, heart or book: one whose account is not suspended (an admin's
 * deactivation is a suspension). Every public listing filters by this. Written as an anti-join
 * against the few suspended accounts (a partial index holds them), so a listing of 10,000 readers
 * need not join and hash every user to drop a handful.
 */
export const isListedReader = sql`not exists (select 1 from ${user} where ${user.id} = ${readerProfiles.userId} and ${user.suspendedAt} is not null)`;

/**
 * The free first minutes a viewer's next reading with the reader would get: the reader's offer,
 * unless the viewer has already had a reading with them that started (docs/decisions/022).
 * A visitor (no viewer) is shown the offer, as any new client would get it.
 */
export function freeMinutesFor(viewerId: string | null) {
  if (!viewerId) return readerProfiles.freeMinutes;
  return sql<number>`case when exists (select 1 from ${readingSessions}
    where ${readingSessions.clientId} = ${viewerId} and ${readingSessions.readerId} = ${readerProfiles.userId} and ${readingSessions.startedAt} is not null)
    then 0 else ${readerProfiles.freeMinutes} end`;
}

export const readerColumns = {
  id: readerProfiles.userId,
  firstName: readerProfiles.firstName,
  lastName: readerProfiles.lastName,
  username: readerProfiles.username,
  email: user.email,
  bio: readerProfiles.bio,
  specialties: readerProfiles.specialties,
  yearsExperience: readerProfiles.yearsExperience,
  chatRateCents: readerProfiles.chatRateCents,
  audioRateCents: readerProfiles.audioRateCents,
  videoRateCents: readerProfiles.videoRateCents,
  profileImage: readerProfiles.profileImage,
  isOnline: readerProfiles.isOnline,
  isBusy: readerIsBusy,
  ratingSum: readerProfiles.ratingSum,
  ratingCount: readerProfiles.ratingCount,
  completedSessions: readerProfiles.completedSessions,
  createdAt: readerProfiles.createdAt,
  timeZone: readerProfiles.timeZone,
  scheduleSlots,
  freeMinutes: readerProfiles.freeMinutes,
  repliesAutomated: readerProfiles.repliesAutomated,
  writtenReadingPriceCents: readerProfiles.writtenReadingPriceCents,
  writtenReadingAnswerHours: readerProfiles.writtenReadingAnswerHours,
};

type ReaderRow = Awaited<ReturnType<typeof selectReaders>>[number];

/** The public shape of a reader but their service figures; the email is only for admins. */
export function toReader(row: ReaderRow, options: { includeEmail?: boolean } = {}): ReaderDetails {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`,
    username: row.username,
    ...(options.includeEmail && { email: row.email }),
    bio: row.bio,
    specialties: row.specialties,
    yearsExperience: row.yearsExperience,
    chatRateCents: row.chatRateCents,
    audioRateCents: row.audioRateCents,
    videoRateCents: row.videoRateCents,
    profileImage: row.profileImage,
    isOnline: row.isOnline,
    isBusy: row.isBusy,
    status: readerPresence(row),
    rating: row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : 0,
    totalReviews: row.ratingCount,
    totalSessions: row.completedSessions,
    createdAt: row.createdAt.toISOString(),
    schedule: { timeZone: row.timeZone, slots: row.scheduleSlots },
    freeMinutes: row.freeMinutes,
    repliesAutomated: row.repliesAutomated,
    sessionTypes: offeredSessionTypes(row),
    writtenReadingPriceCents: row.writtenReadingPriceCents,
    writtenReadingAnswerHours: row.writtenReadingAnswerHours,
  };
}

/** Readers as `viewerId` sees them (their free minutes depend on it; none for a visitor). */
export function selectReaders(db: DbOrTx, viewerId: string | null = null) {
  return db
    .select({ ...readerColumns, freeMinutes: freeMinutesFor(viewerId) })
    .from(readerProfiles)
    .innerJoin(user, eq(user.id, readerProfiles.userId));
}

/** As `selectReaders`, with each reader's service figures up to `now` (docs/decisions/067). */
export function selectListedReaders(db: DbOrTx, now: Date, viewerId: string | null = null) {
  return db
    .select({ ...readerColumns, freeMinutes: freeMinutesFor(viewerId), service: readerServiceAt(now) })
    .from(readerProfiles)
    .innerJoin(user, eq(user.id, readerProfiles.userId));
}

/** A reader as the directory and the profile show them: the card and the service figures. */
export function toListedReader(row: ReaderRow & { service: ServiceCounts }): Reader {
  return { ...toReader(row), service: toReaderService(row.service) };
}

/** Throws 404 unless `readerId` is a reader anyone may find: a profile whose account is not suspended. */
export async function assertListedReader(db: DbOrTx, readerId: string): Promise<void> {
  const [reader] = await db
    .select({ id: readerProfiles.userId })
    .from(readerProfiles)
    .where(and(eq(readerProfiles.userId, readerId), isListedReader));
  if (!reader) throw notFound('Reader not found');
}

/** The reader's rate column for each kind of reading. */
export const RATE_COLUMN: Record<SessionType, 'chatRateCents' | 'audioRateCents' | 'videoRateCents'> = {
  chat: 'chatRateCents',
  audio: 'audioRateCents',
  video: 'videoRateCents',
};
