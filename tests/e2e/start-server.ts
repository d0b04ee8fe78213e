import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabaseStatement, dropScratchPostgres, onPostgresServer } from '../integration/scratch-database';
import { e2eTurnPort } from './turn';

// Every run starts on a fresh database, seeded with the demo accounts: the embedded one in a new
// folder, or with E2E_POSTGRES_URL (a server and a role that may create databases) a database of
// its own there, named for the port so a second checkout's run keeps to its own.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'soul-tribe-e2e-'));
console.info(`e2e data dir: ${process.env.DATA_DIR}`);

const serverUrl = process.env.E2E_POSTGRES_URL;
if (serverUrl) {
  const name = `soul_e2e_${process.env.PORT ?? 'default'}`;
  await dropScratchPostgres(serverUrl, name);
  await onPostgresServer(serverUrl, createDatabaseStatement(name));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}

// coturn for TURN_URLS (turn.ts), on loopback, checking credentials with TURN_SECRET as the app makes
// them. It goes with this process: Playwright stops the server's whole process group.
if (process.env.TURN_URLS && process.env.TURN_SECRET) {
  const port = e2eTurnPort(Number(process.env.PORT));
  const coturn = spawn(
    'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--use-auth-secret',
      `--static-auth-secret=${process.env.TURN_SECRET}`,
      '--realm=soultribe-e2e',
      '--allow-loopback-peers',
      '--no-cli',
      '--no-tls',
      '--no-dtls',
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  coturn.on('error', (error) => {
    console.error(
      `coturn (turnserver) could not start: ${error.message}. Install Debian's coturn (apt-get install coturn); .ci/run does.`,
    );
    process.exit(1);
  });
  process.on('exit', () => coturn.kill());
}

// The server as `npm start` runs it: the bundle (scripts/build-server.mjs), its media forwarder's
// worker included.
await import('../../scripts/start.mjs');
