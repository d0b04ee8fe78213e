import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { DirectorySort } from '@shared/readers';
import { readerProfiles } from '../../db/schema';
import { readerIsBusy } from './reader-view';
import { readingsCountedAt, serviceScoreAt } from './reader-service';

const averageRating = sql`case when ${readerProfiles.ratingCount} = 0 then 0 else ${readerProfiles.ratingSum}::float / ${readerProfiles.ratingCount} end`;

/** 0 online and free, 1 online but in a reading, 2 offline: who can take a reading now comes first. */
const presenceRank = sql`case when not ${readerProfiles.isOnline} then 2 when ${readerIsBusy} then 1 else 0 end`;

// Every order ends on the reader's id, so equal keys always come out the same way and a page
// never repeats or skips a reader of the one before. Compared byte by byte ("C"), whatever the
// server's collation: the directory's cache (directory-cache.ts) compares ids the same way.
const tiebreak = asc(sql`${readerProfiles.userId} collate "C"`);

const ORDERS: Record<DirectorySort, (now: Date) => SQL[]> = {
  // Who can take a reading now, then how well they serve with their rating (docs/decisions/067); among
  // equal scores the reader with more readings counted (more evidence) first.
  recommended: (now) => [asc(presenceRank), desc(serviceScoreAt(now)), desc(readingsCountedAt(now)), tiebreak],
  rating: () => [desc(averageRating), desc(readerProfiles.ratingCount), tiebreak],
  experience: () => [desc(readerProfiles.yearsExperience), tiebreak],
  sessions: () => [desc(readerProfiles.completedSessions), tiebreak],
  'price-asc': () => [asc(readerProfiles.chatRateCents), tiebreak],
  'price-desc': () => [desc(readerProfiles.chatRateCents), tiebreak],
};

/** The ORDER BY of one directory sort at `now` (service figures look back from it); the home page's featured readers use 'recommended'. */
export function directoryOrder(sort: DirectorySort, now: Date): SQL[] {
  return ORDERS[sort](now);
}
