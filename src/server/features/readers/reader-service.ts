import { type SQL, sql } from 'drizzle-orm';
import type { ReaderService } from '@shared/readers';
import {
  EARLY_END_MINUTES,
  SERVICE_MINIMUM_COUNT,
  SERVICE_SCORE,
  SERVICE_WINDOW_DAYS,
  SLOWEST_ACCEPT_SECONDS,
} from '@shared/reader-service';
import { readerProfiles, readingSessions, userBlocks, writtenReadings } from '../../db/schema';
import { DAY_MS } from '@shared/time-units';

/** One reader's service over the window as the database counts it (`readerServiceAt`). */
export interface ServiceCounts {
  requestsReached: number;
  requestsAccepted: number;
  medianAcceptSeconds: number | null;
  readingsEnded: number;
  readingsCompleted: number;
  writtenDue: number;
  writtenOnTime: number;
  /** The Recommended score, 0 to 1 (docs/decisions/067). */
  score: number;
  /** When the oldest event counted leaves the window, so the figures change with no write at all; null when nothing is counted. */
  changesAt: string | null;
}

const float = (value: number) => sql.raw(`${value}::float8`);

/** `(part + prior × weight) / (whole + weight)`: the Bayesian average every part of the score is. */
const bayesian = (part: SQL, whole: SQL, prior: number) =>
  sql`((${part} + ${float(prior * SERVICE_SCORE.priorWeight)}) / (${whole} + ${float(SERVICE_SCORE.priorWeight)}))`;

function serviceWindow(now: Date) {
  return { since: new Date(now.getTime() - SERVICE_WINDOW_DAYS * DAY_MS).toISOString(), until: now.toISOString() };
}

/**
 * What is counted of a reader's readings requested in the window: walk-in requests alone for
 * accepting (a booked reading is accepted when booked), and a request the client withdrew before an
 * answer for nobody. A select list, for either shape below.
 */
function readingAggregates(): SQL {
  const s = readingSessions;
  const isWalkIn = sql`${s.appointmentId} is null`;
  const wasAccepted = sql`${isWalkIn} and ${s.respondedAt} is not null and ${s.status} <> 'declined'`;
  const endedEarlyByReader = sql`${s.endedBy} = ${s.readerId} and ${s.minutesCharged} <= ${sql.raw(String(EARLY_END_MINUTES))}`;
  // A reading the reader ended early with a client they have blocked is counted for nobody (decision
  // 067): blocking ends the reading, and a reader who blocks someone abusive is not marked down.
  const excused = sql`${endedEarlyByReader} and exists (select 1 from ${userBlocks} ub where ub.blocker_id = ${s.readerId} and ub.blocked_id = ${s.clientId})`;
  return sql`count(*) filter (where ${isWalkIn} and (${s.respondedAt} is not null or ${s.status} = 'missed'))::int as reached,
    count(*) filter (where ${wasAccepted})::int as accepted,
    round((percentile_cont(0.5) within group (order by extract(epoch from ${s.respondedAt} - ${s.requestedAt})) filter (where ${wasAccepted}))::numeric)::int as median_accept,
    count(*) filter (where ${s.status} = 'completed' and not coalesce(${excused}, false))::int as ended,
    count(*) filter (where ${s.status} = 'completed' and ${s.refundedCents} = 0 and not coalesce(${endedEarlyByReader}, false))::int as completed,
    min(${s.requestedAt}) as oldest`;
}

/** What is counted of a reader's written questions asked in the window: those answered or past their due time. */
function writtenAggregates(until: string): SQL {
  const w = writtenReadings;
  return sql`count(*) filter (where ${w.status} = 'answered' or ${w.dueAt} <= ${until})::int as due,
    count(*) filter (where ${w.status} = 'answered' and ${w.answeredAt} <= ${w.dueAt})::int as on_time,
    min(${w.createdAt}) as oldest`;
}

const inReadingWindow = (since: string, until: string) =>
  sql`${readingSessions.requestedAt} > ${since} and ${readingSessions.requestedAt} <= ${until}`;
const inWrittenWindow = (since: string, until: string) =>
  sql`${writtenReadings.createdAt} > ${since} and ${writtenReadings.createdAt} <= ${until}`;

/** The figures and the score from the two aggregates (`service_readings`, `service_written`; absent, a reader has none). */
function serviceJson(): SQL<ServiceCounts> {
  const r = (column: string) => sql.raw(`coalesce(service_readings.${column}, 0)`);
  const q = (column: string) => sql.raw(`coalesce(service_written.${column}, 0)`);
  const { weights, priors } = SERVICE_SCORE;
  const score = sql`(
    ${float(weights.rating)} * ((${bayesian(sql`${readerProfiles.ratingSum}`, sql`${readerProfiles.ratingCount}`, priors.ratingStars)} - 1) / 4)
    + ${float(weights.completion)} * ${bayesian(r('completed'), r('ended'), priors.completion)}
    + ${float(weights.acceptance)} * ${bayesian(r('accepted'), r('reached'), priors.acceptance)}
    + ${float(weights.speed)} * ${bayesian(sql`${r('accepted')} * greatest(0, 1 - ${r('median_accept')} / ${float(SLOWEST_ACCEPT_SECONDS)})`, r('accepted'), priors.speed)}
    + ${float(weights.writtenOnTime)} * ${bayesian(q('on_time'), q('due'), priors.writtenOnTime)}
  )`;
  return sql<ServiceCounts>`json_build_object(
    'requestsReached', ${r('reached')}, 'requestsAccepted', ${r('accepted')}, 'medianAcceptSeconds', service_readings.median_accept,
    'readingsEnded', ${r('ended')}, 'readingsCompleted', ${r('completed')}, 'writtenDue', ${q('due')}, 'writtenOnTime', ${q('on_time')},
    'score', ${score},
    'changesAt', least(service_readings.oldest, service_written.oldest) + ${sql.raw(`interval '${SERVICE_WINDOW_DAYS} days'`)})`;
}

/**
 * Each reader's service figures in the 90 days up to `now` (the app's clock, so tests can move it),
 * as one JSON value correlated to `reader_profiles`: for a few readers (a profile, the readers a
 * change names) the (reader, time) indexes of reading_sessions and written_readings answer it per
 * reader. The same counts as `everyReaderService`, whose tests compare them.
 */
export function readerServiceAt(now: Date): SQL<ServiceCounts> {
  const { since, until } = serviceWindow(now);
  return sql<ServiceCounts>`(select ${serviceJson()}
    from (select ${readingAggregates()} from ${readingSessions}
      where ${readingSessions.readerId} = ${readerProfiles.userId} and ${inReadingWindow(since, until)}) service_readings,
    (select ${writtenAggregates(until)} from ${writtenReadings}
      where ${writtenReadings.readerId} = ${readerProfiles.userId} and ${inWrittenWindow(since, until)}) service_written)`;
}

/**
 * `readerServiceAt` for every reader at once (the directory cache's first read): the window's rows
 * aggregated in one pass, grouped by reader, and joined; per reader it was 10,000 index probes, and
 * a plan costly enough that PostgreSQL compiled it (JIT) first, 1.5 s in all.
 */
export function everyReaderServiceAt(now: Date) {
  const { since, until } = serviceWindow(now);
  return {
    readings: sql`(select ${readingSessions.readerId} as reader_id, ${readingAggregates()} from ${readingSessions}
      where ${inReadingWindow(since, until)} group by ${readingSessions.readerId}) service_readings`,
    readingsOn: sql`service_readings.reader_id = ${readerProfiles.userId}`,
    written: sql`(select ${writtenReadings.readerId} as reader_id, ${writtenAggregates(until)} from ${writtenReadings}
      where ${inWrittenWindow(since, until)} group by ${writtenReadings.readerId}) service_written`,
    writtenOn: sql`service_written.reader_id = ${readerProfiles.userId}`,
    service: serviceJson(),
  };
}

/** The Recommended score of `readerServiceAt`, for ORDER BY. */
export const serviceScoreAt = (now: Date) => sql<number>`((${readerServiceAt(now)}) ->> 'score')::float8`;

/** Readings counted, for ORDER BY: more evidence first among equal scores. */
export const readingsCountedAt = (now: Date) => sql<number>`((${readerServiceAt(now)}) ->> 'readingsEnded')::int`;

const rate = (part: number, whole: number) => (whole >= SERVICE_MINIMUM_COUNT ? part / whole : null);

/** The figures a card shows, each null below the minimum it rests on (docs/decisions/067). */
export function toReaderService(counts: ServiceCounts): ReaderService {
  return {
    acceptanceRate: rate(counts.requestsAccepted, counts.requestsReached),
    medianAcceptSeconds: counts.requestsAccepted >= SERVICE_MINIMUM_COUNT ? counts.medianAcceptSeconds : null,
    completionRate: rate(counts.readingsCompleted, counts.readingsEnded),
    writtenOnTimeRate: rate(counts.writtenOnTime, counts.writtenDue),
    readingsCounted: counts.readingsEnded,
  };
}
