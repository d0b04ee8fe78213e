import type { Clock } from '../../clock';

export interface Readiness {
  isReady: boolean;
  /** When the answer was found out (clock ms); a load balancer may be told how old it is. */
  checkedAtMs: number;
}

/**
 * The database check behind the readiness route, run at most once per `maxAgeMs` however many
 * probes arrive: answers within that window reuse the last one, and probes arriving while a check
 * runs wait for that same check. So a load balancer polling hard costs one `select 1` a second.
 */
export function createReadinessCheck(check: () => Promise<void>, clock: Clock, maxAgeMs = 1000) {
  let last: Readiness | undefined;
  let running: Promise<Readiness> | undefined;
  return function readiness(onFailure?: (error: unknown) => void): Promise<Readiness> {
    if (last && clock.now() - last.checkedAtMs < maxAgeMs) return Promise.resolve(last);
    running ??= check()
      .then(
        () => ({ isReady: true, checkedAtMs: clock.now() }),
        (error: unknown) => {
          onFailure?.(error);
          return { isReady: false, checkedAtMs: clock.now() };
        },
      )
      .then((answer) => {
        last = answer;
        running = undefined;
        return answer;
      });
    return running;
  };
}
