import { REFUND_WINDOW_MINUTES } from '@shared/constants';

/**
 * Every duration of a session scales with the billing minute (60 s by default), so tests and
 * benchmarks that shorten BILLING_MINUTE_MS exercise the same rules: a request waits one minute
 * for an answer, a lost participant has one minute to come back, a client out of money has two
 * to top up, refunds cover 3 minutes.
 */
export function sessionTiming(billingMinuteMs: number) {
  const heartbeatMs = Math.min(5_000, Math.max(100, Math.round(billingMinuteMs / 12)));
  const tickMs = Math.min(500, Math.max(50, Math.round(billingMinuteMs / 20)));
  return {
    minuteMs: billingMinuteMs,
    requestTimeoutMs: billingMinuteMs,
    /** An accepted session that nobody joins is given up after two minutes. */
    joinTimeoutMs: 2 * billingMinuteMs,
    disconnectGraceMs: billingMinuteMs,
    /** A client who cannot pay the next minute has two minutes to add funds (decision 020, as Keen holds a call). */
    topUpWindowMs: 2 * billingMinuteMs,
    refundWindowMs: REFUND_WINDOW_MINUTES * billingMinuteMs,
    heartbeatMs,
    /** A side counts as present while its last heartbeat is younger than three beats. */
    presenceTtlMs: 3 * heartbeatMs,
    tickMs,
    /**
     * The scheduler's sweeps beside the readings (readers gone offline, streams without their
     * reader, overdue written readings, appointments, expired credit) keep rules counted in
     * minutes, so they run every 4 ticks (2 s at the default minute): at every tick they were 10 of
     * an idle node's ~30 statements a second.
     */
    sweepMs: 4 * tickMs,
    /**
     * Socket.IO pings each page every pingIntervalMs and drops it after pingTimeoutMs without an
     * answer, so a frozen page counts as away (and pauses the meter) within a quarter of a minute
     * (15 s at the default 60 s). The timeout's floor keeps short test minutes (the e2e suite's 5 s)
     * from dropping pages that are merely slow on a busy machine, which lost their events; the
     * quarter-minute bound holds from a 12 s minute up.
     */
    pingIntervalMs: Math.max(250, Math.round(billingMinuteMs / 8)),
    pingTimeoutMs: Math.max(1_500, Math.round(billingMinuteMs / 8)),
    /** An online reader with no page connected for this long goes offline by itself. */
    readerAbsentOfflineMs: billingMinuteMs,
  };
}
export type SessionTiming = ReturnType<typeof sessionTiming>;
