import { REFUND_WINDOW_MINUTES, REQUEST_TIMEOUT_MS } from './constants';

/**
 * How readers really serve (docs/decisions/067): the counting rules of the service figures
 * every listed reader carries, and the weights of the Recommended score built from them. The server's
 * SQL reads these, the decision record explains them; no zod here, so public pages can import it.
 */

/** The figures look back this many days from now: recent enough to change, long enough to count. */
export const SERVICE_WINDOW_DAYS = 90;

/** A figure resting on fewer events than this is not shown (null): 2 of 2 is luck, not a habit. */
export const SERVICE_MINIMUM_COUNT = 10;

/**
 * A reading the reader ended in its first minutes counts against them: the same 3 billing minutes as
 * the client's satisfaction guarantee, measured in minutes charged (pauses are not reading time).
 */
export const EARLY_END_MINUTES = REFUND_WINDOW_MINUTES;

/** An unanswered request is missed after this long, so a median at or past it is as slow as it gets. */
export const SLOWEST_ACCEPT_SECONDS = REQUEST_TIMEOUT_MS / 1000;

/**
 * The Recommended score, from 0 to 1: each part is a Bayesian average that starts at its prior as if
 * the reader had `PRIOR_WEIGHT` events of that value, so a new reader sits mid-table (neither buried
 * nor on top) and a few events move a reader only a little. Weights add up to 1.
 */
export const SERVICE_SCORE = {
  priorWeight: 10,
  weights: { rating: 0.4, completion: 0.2, acceptance: 0.2, speed: 0.1, writtenOnTime: 0.1 },
  /** Stars are taken from 1–5 to 0–1; a reader without reviews counts as 4 stars. */
  priors: { ratingStars: 4, completion: 0.9, acceptance: 0.8, speed: 0.5, writtenOnTime: 0.9 },
} as const;
