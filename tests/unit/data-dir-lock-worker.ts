import { lockDataDir } from '../../src/server/db/data-dir-lock';

/**
 * One contender of the data-dir lock race test: on each `race` message it spins until the agreed
 * start time (so all contenders hit the lock within microseconds), tries the lock once and reports
 * whether it won; it holds a won lock until told to release, so a loser cannot win by arriving late.
 */
let held: { release(): void } | undefined;
process.on('message', (message: { type: 'race'; dir: string; startAt: number } | { type: 'release' }) => {
  if (message.type === 'release') {
    held?.release();
    held = undefined;
    process.send?.({ type: 'released' });
    return;
  }
  while (Date.now() < message.startAt) {
    // Busy-wait on purpose: a timer would spread the contenders over milliseconds.
  }
  try {
    held = lockDataDir(message.dir);
    process.send?.({ type: 'result', isWinner: true });
  } catch (error) {
    process.send?.({ type: 'result', isWinner: false, message: (error as Error).message });
  }
});
process.send?.({ type: 'ready' });
