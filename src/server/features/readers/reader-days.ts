import { TZDate } from '@date-fns/tz';

export interface ReaderDay {
  /** The calendar date in the reader's zone, YYYY-MM-DD. */
  date: string;
  start: Date;
  /** Exclusive: the next day's start (23 or 25 hours later across a daylight-saving change). */
  end: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The last `count` days of the reader's calendar, oldest first, today last. */
export function readerDays(now: Date, timeZone: string, count: number): ReaderDay[] {
  const local = new TZDate(now.getTime(), timeZone);
  const days: ReaderDay[] = [];
  for (let back = count - 1; back >= 0; back--) {
    // TZDate normalises day overflow like Date does, in the reader's zone.
    const start = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - back, timeZone);
    const end = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - back + 1, timeZone);
    days.push({
      date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
      start: new Date(start.getTime()),
      end: new Date(end.getTime()),
    });
  }
  return days;
}
