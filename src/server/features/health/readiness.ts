import type { Clock } from '../../clock';

export interface Readiness {
  isReady: boolean;
  /** When the answer was found out (clock ms); a load balancer may be told how old it is. */
  checkedAtMs: number;
}

/**
 * The database check behind the readiness route, run at most once per `maxAgeMs` however many
 * probes arrive: answers within that window reuse the last one, and probes arriving while a check
 * runs share that same check. So a load balancer polling hard costs one `select 1` a second.
 *
 * While a re-check runs, a probe is answered at once from the last answer if that said ready and is younger than
 * `staleMs`: a node whose database queue is long (a burst of readings starting, a drain elsewhere
 * sending it the other node's sockets) answers its check in time instead of behind that queue,
 * where HAProxy's 5 s check timeout marked both nodes of the failover proof down at 2,000
 * readings. A check still unanswered after `staleMs` makes probes wait for it: a database that
 * stopped answering takes the node out within that time.
 */
export function createReadinessCheck(check: () => Promise<void>, clock: Clock, maxAgeMs = 1000, staleMs = 10_000) {
  let last: Readiness | undefined;
  let running: Promise<Readiness> | undefined;
  return function readiness(onFailure?: (error: unknown) => void): Promise<Readiness> {
    const ageMs = last ? clock.now() - last.checkedAtMs : Number.POSITIVE_INFINITY;
    if (last && ageMs < maxAgeMs) return Promise.resolve(last);
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
    if (last?.isReady && ageMs < staleMs) return Promise.resolve(last);
    return running;
  };
}
