/** Messages between `bench:failover`'s orchestrator and its participant processes. */
import type { PairTask } from '../bench-sessions/protocol';

/**
 * A stretch a side was cut off (ms since the epoch): from its socket's disconnect to its rejoin of
 * the session room, `rejoinSentAt` when it asked (the server may resume the meter from then on)
 * and `back` when the answer came; null while it is not back.
 */
export interface Cutoff {
  from: number;
  rejoinSentAt: number | null;
  back: number | null;
}

export interface ReadingReport {
  id: string;
  cutoffs: { client: Cutoff[]; reader: Cutoff[] };
  ended: boolean;
}

export interface TrafficCounts {
  chatSent: number;
  chatAcked: number;
  /** Refused because the reading was paused (a side away): the rule at work, not a failure. */
  chatRefusedPaused: number;
  chatFailed: number;
  httpRequests: number;
  /** Answers of 500 and above, and requests with no answer at all. */
  http5xx: number;
}

export type ToFailoverParticipants =
  | { type: 'start'; origin: string; minuteMs: number; pairs: PairTask[] }
  | { type: 'status'; since: number }
  | { type: 'report' }
  | { type: 'end' };

export type FromFailoverParticipants =
  | { type: 'ready'; started: number; failed: number; firstErrors: string[] }
  | { type: 'status'; joined: number; billedSince: number; ended: number }
  | { type: 'report'; readings: ReadingReport[]; traffic: TrafficCounts; firstFailures: string[] }
  | { type: 'ended' };

export const NO_TRAFFIC: TrafficCounts = {
  chatSent: 0,
  chatAcked: 0,
  chatRefusedPaused: 0,
  chatFailed: 0,
  httpRequests: 0,
  http5xx: 0,
};

/** `a` plus `sign` times `b`, count by count. */
export function addTraffic(a: TrafficCounts, b: TrafficCounts, sign: 1 | -1 = 1): TrafficCounts {
  return {
    chatSent: a.chatSent + sign * b.chatSent,
    chatAcked: a.chatAcked + sign * b.chatAcked,
    chatRefusedPaused: a.chatRefusedPaused + sign * b.chatRefusedPaused,
    chatFailed: a.chatFailed + sign * b.chatFailed,
    httpRequests: a.httpRequests + sign * b.httpRequests,
    http5xx: a.http5xx + sign * b.http5xx,
  };
}
