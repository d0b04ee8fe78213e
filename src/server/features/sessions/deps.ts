import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import type { SessionTiming } from '../../timing';

export interface SessionDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  timing: SessionTiming;
  /** The site's origin, for links in mail the scheduler queues (appointment reminders). */
  publicUrl: string;
  /** How many due sessions the scheduler handles at once (1 on PGlite, more on PostgreSQL). */
  concurrency?: number;
  /** The live streams the scheduler or an admin's suspension ends go through it too (live/deps.ts). */
  onStreamEnded?: (streamId: string) => void;
}
