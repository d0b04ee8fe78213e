import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm test` (scripts/test.sh) prints the slowest tests of every stage at its end (decision 038): while
 * TEST_TIMINGS_DIR is set, each runner's reporter appends one line a test to a file of its own
 * process there, as `milliseconds<TAB>project<TAB>test`, and the script sorts them all.
 */
export function recordTiming(ms: number, project: string, test: string) {
  const dir = process.env.TEST_TIMINGS_DIR;
  if (!dir) return;
  appendFileSync(join(dir, `${process.pid}.tsv`), `${Math.round(ms)}\t${project}\t${test.replaceAll(/\s+/g, ' ')}\n`);
}
