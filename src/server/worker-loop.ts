/**
 * 30 s after the first failure, doubling, at most an hour: eight attempts span about two hours.
 * The back-off of every queue that sends to another server (mail, push).
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 60 * 60_000);
}

/**
 * Runs `pass` every `tickMs` after the previous one ends, until stopped; a failing pass is logged
 * and the next one tries again. `stop` waits for a pass under way, so nothing is cut off mid-write.
 */
export function startPassLoop(
  pass: () => Promise<unknown>,
  log: { error(obj: unknown, msg: string): void },
  failureMessage: string,
  tickMs = 1000,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const loop = () => {
    if (stopped) return;
    running = pass()
      .catch((error) => log.error({ err: error }, failureMessage))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, tickMs);
      });
  };
  timer = setTimeout(loop, tickMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
