import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { createScratchPostgres, dropScratchPostgres } from './scratch-database';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Far above the seconds a start takes, even on a busy machine: only a hang reaches it. */
const READY_WITHIN_MS = 120_000;

/**
 * A migrated database on the project's target (global-setup.ts) that a server process can open: a
 * PGlite data directory on disk (from the migrated snapshot), or a clone of the PostgreSQL template.
 * `open` is the test's own connection; on PGlite it must be closed before a server opens the folder.
 */
export async function serverDatabase(): Promise<{ kind: 'pglite' | 'postgres'; env: Record<string, string>; open(): Promise<Database>; remove(): Promise<void> }> {
  const target = inject('testDatabase');
  const dataDir = mkdtempSync(join(tmpdir(), 'soul-tribe-node-'));
  if (target.kind === 'pglite') {
    let snapshot: Blob | undefined = new Blob([readFileSync(target.snapshotPath)]);
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      async open() {
        const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pg'), loadDataDir: snapshot });
        snapshot = undefined;
        return database;
      },
      async remove() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { name, url } = await createScratchPostgres(target.serverUrl, { prefix: 'soul_tribe_node', template: target.template });
  return {
    kind: 'postgres',
    // DATA_DIR still holds the node's mailbox.
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 4 }),
    async remove() {
      await dropScratchPostgres(target.serverUrl, name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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
