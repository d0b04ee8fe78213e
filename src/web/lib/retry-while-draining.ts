import type { ErrorCode } from '@shared/errors';
import { ApiError } from './api';

/**
 * The code is spelled here and checked against the contract by its type: the value would bring the
 * whole error table into the pages that load this.
 */
const SERVER_DRAINING: ErrorCode = 'SERVER_DRAINING';
const DELAYS_MS = [1000, 2000, 3000, 4000, 5000];

/**
 * A node stopping for a restart (SIGTERM, decision 055) refuses a new reading, a queue place or a
 * stream start with 503 SERVER_DRAINING and changes nothing, so the call is made again, for up to
 * 15 s: by then it reaches another node behind the load balancer, or this one restarted. Any other
 * answer, or the last refusal, is the caller's.
 */
export async function retryWhileDraining<T>(
  call: () => Promise<T>,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (const delayMs of DELAYS_MS) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ApiError && error.code === SERVER_DRAINING)) throw error;
      await sleep(delayMs);
    }
  }
  return call();
}
