import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { type DirectoryQuery, type DirectorySort, type Reader, readerListSchema } from '@shared/readers';
import type { FeaturedReader } from '@shared/sessions';
import type { Clock } from '../../clock';
import type { Db, NotificationListener, NotifyChannel } from '../../db/client';
import { readerProfiles, readingSessions, user } from '../../db/schema';
import type { ContentEncoding } from '../../http-caching';
import { toFeaturedReader } from './available-readers';
import { everyReaderServiceAt, readerServiceAt } from './reader-service';
import { isListedReader, readerColumns, toListedReader } from './reader-view';

/** One listed reader as a visitor sees them, with what the filters and orders read. */
interface Listing {
  reader: Reader;
  searchText: string;
  specialtiesLower: string[];
  presenceRank: number;
  averageRating: number;
  ratingCount: number;
  updatedAt: Date;
  /** Recommended's keys (docs/decisions/067): the service score and the readings it counted. */
  serviceScore: number;
  readingsCounted: number;
  /** When the oldest event the figures count leaves their window (ms); Infinity when none is counted. */
  serviceChangesAt: number;
}

/** A page of the directory as sent: the JSON, its ETag, and compressed copies made once when asked. */
export interface DirectoryPage {
  body: string;
  etag: string;
  encoded(encoding: ContentEncoding): Buffer;
}

/** A page as kept: what was sent, and the listings it was made of (a signed-in viewer's copy starts from them). */
interface KeptPage {
  page: DirectoryPage;
  listings: Listing[];
  total: number;
}

export interface DirectoryCache {
  /** The page a query asks for, as `viewerId` sees it (free minutes depend on the viewer). */
  page(query: DirectoryQuery, viewerId: string | null): Promise<DirectoryPage>;
  /** Every listed reader's username and last profile change, in a stable order (the sitemap). */
  profileLinks(): Promise<{ username: string; updatedAt: Date }[]>;
  /** Every specialty a listed reader offers, for the directory's filter (GET /api/readers/specialties). */
  specialties(): Promise<string[]>;
  /** The first `limit` readers of the Recommended order, for the home page (GET /api/sessions/available-readers). */
  featured(limit: number): Promise<FeaturedReader[]>;
  stop(): void;
}

const alphabetically = new Intl.Collator('en', { sensitivity: 'base' }).compare;

/**
 * Once each whatever its case (the filter matches without regard to case), alphabetically; of two
 * spellings ('Tarot', 'tarot') the one that sorts first by code unit, the same one every time.
 */
function specialtiesOf(listings: Iterable<Listing>): string[] {
  const spellings = new Map<string, string>();
  for (const listing of listings) {
    listing.reader.specialties.forEach((specialty, index) => {
      const key = listing.specialtiesLower[index]!;
      const kept = spellings.get(key);
      if (kept === undefined || specialty < kept) spellings.set(key, specialty);
    });
  }
  return [...spellings.values()].sort(alphabetically);
}

const byId = (a: Listing, b: Listing) => (a.reader.id < b.reader.id ? -1 : a.reader.id > b.reader.id ? 1 : 0);

/**
 * The orders of directory-order.ts, written for the cached listings; the integration test checks
 * every sort, filter and page against that SQL. Each ends on the id (compared as PostgreSQL's "C"
 * collation does), so the order is total and a page never repeats or skips a reader.
 */
const COMPARE: Record<DirectorySort, (a: Listing, b: Listing) => number> = {
  recommended: (a, b) =>
    a.presenceRank - b.presenceRank ||
    b.serviceScore - a.serviceScore ||
    b.readingsCounted - a.readingsCounted ||
    byId(a, b),
  rating: (a, b) => b.averageRating - a.averageRating || b.ratingCount - a.ratingCount || byId(a, b),
  experience: (a, b) => b.reader.yearsExperience - a.reader.yearsExperience || byId(a, b),
  sessions: (a, b) => b.reader.totalSessions - a.reader.totalSessions || byId(a, b),
  'price-asc': (a, b) => a.reader.chatRateCents - b.reader.chatRateCents || byId(a, b),
  'price-desc': (a, b) => b.reader.chatRateCents - a.reader.chatRateCents || byId(a, b),
};

/** More changed readers than this at once are read again all together. */
const REFRESH_ALL_ABOVE = 500;
/** Pages kept; past it the memo starts over (a crawler walking every search must not grow it without end). */
const PAGES_KEPT = 2000;
/** A request waits for at most this many rounds of changes heard while it waited, then answers. */
const MAX_REFRESH_ROUNDS = 3;

async function loadListings(db: Db, now: Date, ids?: string[]): Promise<Listing[]> {
  const columns = { ...readerColumns, searchText: readerProfiles.searchText, updatedAt: readerProfiles.updatedAt };
  const every = everyReaderServiceAt(now);
  const rows = ids
    ? // A few readers a change named: their service figures by index, reader by reader.
      await db
        .select({ ...columns, service: readerServiceAt(now) })
        .from(readerProfiles)
        .innerJoin(user, eq(user.id, readerProfiles.userId))
        .where(and(isListedReader, inArray(readerProfiles.userId, ids)))
    : await db
        .select({ ...columns, service: every.service })
        .from(readerProfiles)
        .innerJoin(user, eq(user.id, readerProfiles.userId))
        .leftJoin(every.readings, every.readingsOn)
        .leftJoin(every.written, every.writtenOn)
        .where(isListedReader);
  return rows.map((row) => ({
    reader: toListedReader(row),
    searchText: row.searchText,
    specialtiesLower: row.specialties.map((specialty) => specialty.toLowerCase()),
    presenceRank: !row.isOnline ? 2 : row.isBusy ? 1 : 0,
    averageRating: row.ratingCount === 0 ? 0 : row.ratingSum / row.ratingCount,
    ratingCount: row.ratingCount,
    updatedAt: row.updatedAt,
    serviceScore: row.service.score,
    readingsCounted: row.service.readingsEnded,
    serviceChangesAt: row.service.changesAt === null ? Infinity : Date.parse(row.service.changesAt),
  }));
}

/** Where `listing` goes in `ordered` (sorted by `compare`): the first place whose entry sorts after it. */
function insertionPoint(ordered: Listing[], listing: Listing, compare: (a: Listing, b: Listing) => number): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(ordered[middle]!, listing) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function matcher(query: DirectoryQuery): ((listing: Listing) => boolean) | null {
  const search = query.search.toLowerCase();
  const specialty = query.specialty.toLowerCase();
  if (!search && !specialty && !query.online) return null;
  return (listing) =>
    (!query.online || listing.reader.isOnline) &&
    (!specialty || listing.specialtiesLower.includes(specialty)) &&
    (!search || listing.searchText.includes(search));
}

function makePage(list: { readers: Reader[]; total: number; page: number; pageSize: number }): DirectoryPage {
  // Checked against the contract once, when made, as the response serializer checks other answers.
  const body = JSON.stringify(readerListSchema.parse(list));
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const copies = new Map<ContentEncoding, Buffer>();
  return {
    body,
    etag,
    encoded(encoding) {
      let copy = copies.get(encoding);
      if (!copy) {
        copy =
          encoding === 'br'
            ? brotliCompressSync(body, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
              })
            : gzipSync(body, { level: 6 });
        copies.set(encoding, copy);
      }
      return copy;
    },
  };
}

/** The readers the viewer has had a reading with that started: none of them offers free minutes again (decision 022). */
async function readersAlreadyMet(db: Db, viewerId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ readerId: readingSessions.readerId })
    .from(readingSessions)
    .where(and(eq(readingSessions.clientId, viewerId), isNotNull(readingSessions.startedAt)));
  return new Set(rows.map((row) => row.readerId));
}

/**
 * GET /api/readers from memory (docs/decisions/042). Every listed reader's card is read once and
 * kept; the database announces each change that a listing shows (migration 0030: a profile save,
 * a status, busy, a counted review, a suspension, a schedule, and for the service figures of
 * docs/decisions/067 a reading's status) with the reader's id, and only those readers are read
 * again, before the next page is served; so are readers whose figures the passing of time changes. The orders are kept sorted, a filter is
 * one pass over them, and each page asked for is kept as sent (JSON, ETag, compressed copies) until
 * the next change, so a repeated request costs a lookup, and counts are never recomputed per request.
 */
export function createDirectoryCache(deps: {
  db: Db;
  clock: Clock;
  listen: (channel: NotifyChannel, listener: NotificationListener) => () => void;
}): DirectoryCache {
  let listings = new Map<string, Listing>();
  /** The soonest `serviceChangesAt` of the kept listings (or earlier: a reader read again may have left). */
  let nextServiceChangeAt = Infinity;
  let changed: Set<string> | 'all' = 'all';
  const orders = new Map<DirectorySort, Listing[]>();
  const pages = new Map<string, KeptPage>();
  let keptSpecialties: string[] | undefined;
  let refreshing: Promise<void> | undefined;

  function markChanged(readerId: string | null) {
    pages.clear();
    keptSpecialties = undefined;
    if (readerId === null || changed === 'all') changed = 'all';
    else changed.add(readerId);
  }
  const stopListening = deps.listen('directory_changed', markChanged);

  /**
   * Time changes the service figures with no write to announce it: an event leaves the 90-day
   * window. Each listing knows when its next one does, so only those readers are read again, then.
   */
  function markServiceWindowMoves() {
    const now = deps.clock.now();
    if (now < nextServiceChangeAt) return;
    nextServiceChangeAt = Infinity;
    for (const listing of listings.values()) {
      if (listing.serviceChangesAt <= now) markChanged(listing.reader.id);
      else nextServiceChangeAt = Math.min(nextServiceChangeAt, listing.serviceChangesAt);
    }
  }

  function applyChanges(ids: Set<string>, fresh: Listing[]) {
    for (const [sort, ordered] of orders) {
      const kept = ordered.filter((listing) => !ids.has(listing.reader.id));
      for (const listing of fresh) kept.splice(insertionPoint(kept, listing, COMPARE[sort]), 0, listing);
      orders.set(sort, kept);
    }
    for (const id of ids) listings.delete(id);
    for (const listing of fresh) listings.set(listing.reader.id, listing);
  }

  /** What was heard so far, to be read now; what is heard from here on waits for the next refresh. */
  function takeChanged() {
    const taken = changed;
    changed = new Set();
    return taken;
  }

  async function refresh() {
    const taken = takeChanged();
    try {
      const now = new Date(deps.clock.now());
      if (taken === 'all' || taken.size > REFRESH_ALL_ABOVE) {
        const all = await loadListings(deps.db, now);
        listings = new Map(all.map((listing) => [listing.reader.id, listing]));
        orders.clear();
        nextServiceChangeAt = Infinity;
        for (const listing of all) nextServiceChangeAt = Math.min(nextServiceChangeAt, listing.serviceChangesAt);
      } else {
        const fresh = await loadListings(deps.db, now, [...taken]);
        applyChanges(taken, fresh);
        for (const listing of fresh) nextServiceChangeAt = Math.min(nextServiceChangeAt, listing.serviceChangesAt);
      }
    } catch (error) {
      // Not read: still to be read next time.
      changed = taken === 'all' || changed === 'all' ? 'all' : new Set([...taken, ...changed]);
      throw error;
    }
  }

  /** Nothing heard is still to be read, nor being read: what is made now may be kept. */
  const isCurrent = () => !refreshing && changed !== 'all' && changed.size === 0;

  /**
   * Reads what was heard, and waits for a read already under way: a request that came while
   * another's read ran found nothing left to read and answered from the listings as they were,
   * before that read ended (the directory's first two requests, a page and the specialties, side by
   * side: 'No readers found', kept until the next change).
   */
  async function upToDate() {
    markServiceWindowMoves();
    for (let round = 0; round < MAX_REFRESH_ROUNDS && !isCurrent(); round++) {
      refreshing ??= refresh().finally(() => {
        refreshing = undefined;
      });
      await refreshing;
    }
  }

  function ordered(sort: DirectorySort): Listing[] {
    let list = orders.get(sort);
    if (!list) {
      list = [...listings.values()].sort(COMPARE[sort]);
      orders.set(sort, list);
    }
    return list;
  }

  function select(query: DirectoryQuery): { listings: Listing[]; total: number } {
    const all = ordered(query.sort);
    const start = (query.page - 1) * query.pageSize;
    const matches = matcher(query);
    if (!matches) return { listings: all.slice(start, start + query.pageSize), total: all.length };
    const found: Listing[] = [];
    let total = 0;
    for (const listing of all) {
      if (!matches(listing)) continue;
      if (total >= start && found.length < query.pageSize) found.push(listing);
      total++;
    }
    return { listings: found, total };
  }

  async function visitorPage(query: DirectoryQuery): Promise<KeptPage> {
    await upToDate();
    const key = JSON.stringify([
      query.sort,
      query.online,
      query.page,
      query.pageSize,
      query.search.toLowerCase(),
      query.specialty.toLowerCase(),
    ]);
    const kept = pages.get(key);
    if (kept) return kept;
    const selected = select(query);
    const page = makePage({
      readers: selected.listings.map((listing) => listing.reader),
      total: selected.total,
      page: query.page,
      pageSize: query.pageSize,
    });
    const made = { page, ...selected };
    // Made while changes heard are still to be read (a request waits a few rounds at most): sent, never kept.
    if (isCurrent()) {
      if (pages.size >= PAGES_KEPT) pages.clear();
      pages.set(key, made);
    }
    return made;
  }

  return {
    async page(query, viewerId) {
      const visitor = await visitorPage(query);
      if (!viewerId || !visitor.listings.some((listing) => listing.reader.freeMinutes > 0)) return visitor.page;
      const met = await readersAlreadyMet(deps.db, viewerId);
      if (!visitor.listings.some((listing) => met.has(listing.reader.id) && listing.reader.freeMinutes > 0))
        return visitor.page;
      const readers = visitor.listings.map((listing) =>
        met.has(listing.reader.id) ? { ...listing.reader, freeMinutes: 0 } : listing.reader,
      );
      return makePage({ readers, total: visitor.total, page: query.page, pageSize: query.pageSize });
    },
    async profileLinks() {
      await upToDate();
      return [...listings.values()]
        .sort(byId)
        .map((listing) => ({ username: listing.reader.username, updatedAt: listing.updatedAt }));
    },
    async specialties() {
      await upToDate();
      if (keptSpecialties) return keptSpecialties;
      const made = specialtiesOf(listings.values());
      // Kept only when no change heard is still to be read, as pages are.
      if (isCurrent()) keptSpecialties = made;
      return made;
    },
    async featured(limit) {
      await upToDate();
      return ordered('recommended')
        .slice(0, limit)
        .map((listing) => toFeaturedReader(listing.reader));
    },
    stop: stopListening,
  };
}
