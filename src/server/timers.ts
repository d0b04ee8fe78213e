/**
 * Waiting as a dependency, beside the Clock: a delay decided on the clock's time must pass on the
 * same clock, so a test on a fake clock moves both with one `advance` and no real timer runs.
 */
export interface Timers {
  /** Runs `run` once after `delayMs`; the returned function cancels it. */
  after(delayMs: number, run: () => void): () => void;
}

export const systemTimers: Timers = {
  after(delayMs, run) {
    const timer = setTimeout(run, delayMs);
    // A pending delay never keeps a stopping process alive.
    timer.unref();
    return () => clearTimeout(timer);
  },
};
