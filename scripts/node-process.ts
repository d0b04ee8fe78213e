import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A server node as its own process, as `npm start` runs it: the restart test
 * (src/server/restart-during-reading.integration.test.ts) and the failover proof
 * (scripts/failover.ts) start, stop and kill these.
 */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Far above the seconds a start takes, even on a busy machine: only a hang reaches it. */
const READY_WITHIN_MS = 120_000;

/** A port nobody listens on now, so a restarted node can take the same one its clients reconnect to. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote, for a failing assertion's message. */
  output(): string;
  /** Resolves when the process has exited: its code, and how long after `signal` was sent. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; exitedAfterMs: number }>;
}

/**
 * Starts a node as `npm start` does (scripts/start.mjs: the server bundle, built first when stale),
 * serving the API alone (`--api-only`: no web build, which the browser tests beside it are
 * serving), with `env` on `port`, and resolves once it answers readiness 200. Its own environment
 * only: no DATABASE_URL or REDIS_URL of the test run leaks in.
 */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--api-only'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const readyBy = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const early = await Promise.race([exited, new Promise<undefined>((resolve) => setTimeout(resolve, 100))]);
    if (early) throw new Error(`the server exited before it was ready (${JSON.stringify(early)}):\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then((response) => response.status === 200, () => false);
    if (ready) break;
    if (Date.now() > readyBy) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${READY_WITHIN_MS} ms:\n${output}`);
    }
  }
  return {
    child,
    output: () => output,
    async stop(signal) {
      const sentAt = performance.now();
      child.kill(signal);
      const result = await exited;
      return { ...result, exitedAfterMs: Math.round(performance.now() - sentAt) };
    },
  };
}
