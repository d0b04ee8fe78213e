import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import type { SessionTiming } from '../../timing';

/** What the queue needs of the app; the sessions' deps carry it, so app.ts and the scheduler pass theirs. */
export interface QueueDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  /** An offer keeps the reader for one billing minute. */
  timing: Pick<SessionTiming, 'minuteMs'>;
}
