// The server as one JavaScript bundle (dist/server), so `npm start` runs no TypeScript compiler
// (docs/decisions/056). `npm run build` builds it after the web app; `npm start` builds
// it first when it is missing or older than its sources (scripts/start.mjs).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isBuildStale } from '../src/server/build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT = 'dist/server/main.js';
const SOURCES = [
  'src/server',
  'src/shared',
  'tsconfig.json',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/ledger-check.ts',
];

export async function buildServer() {
  rmSync(`${root}dist/server`, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      // The live media forwarder's worker thread starts from a file of its own (media-forwarder.ts).
      'forwarder-worker': 'src/server/features/live/media/forwarder/forwarder-worker.ts',
      // `npm run ledger:check` where there are no sources: the image's restore drill (docs/deploy.md).
      'ledger-check': 'scripts/ledger-check.ts',
    },
    outdir: 'dist/server',
    bundle: true,
    // Chunks, so main.ts checks the configuration before the server's packages load (serve.ts is a
    // dynamic import), and the packages stay in node_modules, loaded as they are.
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    logLevel: 'warning',
  });
}

export function isServerBuildStale() {
  return isBuildStale(root, OUTPUT, SOURCES);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
