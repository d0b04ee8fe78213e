import { type JanusServer, startJanus } from '../../tests/integration/janus-server';

/**
 * Janus's `event_loops` (BENCH_JANUS_EVENT_LOOPS): two media threads, one a core as docs/deploy.md
 * advises (0.40% of a core a viewer against 0.61% with Janus's default of a thread a connection, 0).
 */
const JANUS_EVENT_LOOPS = Number(process.env.BENCH_JANUS_EVENT_LOOPS ?? 2);

/** Debian's Janus as the bench runs it, light viewers or Chromium's: quiet, and a port for each of hundreds of connections. */
export const startBenchJanus = (): Promise<JanusServer> =>
  startJanus(undefined, { eventLoops: JANUS_EVENT_LOOPS, debugLevel: 2, rtpPorts: 2000 });
