import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';

export interface WrittenReadingDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  /** The site's origin, for the link in the answer's mail. */
  publicUrl: string;
}

/** The reference every ledger transfer of a written reading carries (its hold, charge and release). */
export const writtenReadingReference = (id: string) => `written-reading:${id}`;
