import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/**
 * A port nobody listens on now, so a restarted node can take the same one its clients reconnect to.
 * Chosen below the kernel's range for outgoing connections' own ports
 * (/proc/sys/net/ipv4/ip_local_port_range, 32768-60999 by default): a port from that range (what
 * `listen(0)` gives) can be taken by any process's outgoing connection before it is bound, or while
 * a node restarts on it, and HAProxy once failed to start in the failover proof with 'Address
 * already in use'.
 */
export async function freePort(): Promise<number> {
  const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const below = Math.min(low ?? 32_768, 32_768);
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * (below - 20_000));
    const server = createServer();
    const isFree = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (isFree) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
  }
  throw new Error('no free port between 20000 and the outgoing range');
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
 * serving) unless `web` is 'built' (a browser test's own nodes: the pages of `dist/web`, built
 * first when stale), with `env` on `port`, and resolves once it answers readiness 200. Its own
 * environment only: no DATABASE_URL or REDIS_URL of the test run leaks in.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  options: { web?: 'none' | 'built' } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['scripts/start.mjs', ...(options.web === 'built' ? [] : ['--api-only'])], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const readyBy = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const early = await Promise.race([exited, new Promise<undefined>((resolve) => setTimeout(resolve, 100))]);
    if (early) throw new Error(`the server exited before it was ready (${JSON.stringify(early)}):\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
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
