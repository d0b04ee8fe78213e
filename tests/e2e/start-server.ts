import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropScratchPostgres, onPostgresServer } from '../integration/scratch-database';

// Every run starts on a fresh database, seeded with the demo accounts: the embedded one in a new
// folder, or with E2E_POSTGRES_URL (a server and a role that may create databases) a database of
// its own there, named for the port so a second checkout's run keeps to its own.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'soul-tribe-e2e-'));
console.info(`e2e data dir: ${process.env.DATA_DIR}`);

const serverUrl = process.env.E2E_POSTGRES_URL;
if (serverUrl) {
  const name = `soul_e2e_${process.env.PORT ?? 'default'}`;
  await dropScratchPostgres(serverUrl, name);
  await onPostgresServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
}

// The server as `npm start` runs it: the bundle (scripts/build-server.mjs), its media forwarder's
// worker included.
await import('../../scripts/start.mjs');
