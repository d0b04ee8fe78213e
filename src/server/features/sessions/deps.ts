import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import type { SessionTiming } from './timing';

export interface SessionDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  timing: SessionTiming;
}
