import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';

export interface NotificationDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
}
