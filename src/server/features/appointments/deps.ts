import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';

export interface AppointmentDeps {
  db: Db;
  clock: Clock;
  realtime: Realtime;
  /** The site's origin, for the links in reminder mails. */
  publicUrl: string;
}

/** The reference every ledger transfer of an appointment carries (its hold, fee, charges and releases). */
export const appointmentReference = (id: string) => `appointment:${id}`;
