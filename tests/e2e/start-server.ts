import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Every run starts on a fresh embedded database, seeded with the demo accounts.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'soul-tribe-e2e-'));
console.info(`e2e data dir: ${process.env.DATA_DIR}`);

await import('../../src/server/main');
