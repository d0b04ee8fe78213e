import { beatNode } from '../../src/server/realtime/presence/node-lease';
import { runDueWork } from '../../src/server/features/sessions/scheduler';
import type { fakeClock } from './fake-clock';
import type { TestApp } from './test-app';

/**
 * Moves a fake clock on as running processes live it, `stepMs` at a time: after each step every
 * app's lease beats (every socket it holds is present) and every app's scheduler makes a pass, at
 * once. The apps run without their own scheduler and with their lease's timer stopped, so nothing
 * but this moves them.
 */
export function timePasser(clock: ReturnType<typeof fakeClock>, apps: TestApp[], stepMs: number) {
  return async (ms: number) => {
    for (let left = ms; left > 0; ) {
      const step = Math.min(left, stepMs);
      clock.advance(step);
      left -= step;
      for (const app of apps) await beatNode(app.db, app.lease.nodeId, new Date(clock.now()));
      await Promise.all(apps.map((app) => runDueWork(app.sessions)));
    }
  };
}
