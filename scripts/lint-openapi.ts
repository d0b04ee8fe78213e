/**
 * The API's OpenAPI document against Redocly's recommended rules (redocly.yaml), printed: the app is
 * built in this process as the tests build it, without a database to speak of (an empty in-memory
 * PGlite: building the routes reads nothing, and no worker runs), and its document linted
 * (scripts/redocly-lint.ts). Prints the problems by rule and the warnings' count; exits 1 when a
 * rule reports an error. `npm test` runs the same lint in api-docs.integration.test.ts, on the
 * document of the app that test already runs.
 *
 *   npx tsx scripts/lint-openapi.ts            the check
 *   npx tsx scripts/lint-openapi.ts --verbose  each problem with its place in the document
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { problemCounts, problemLine, redoclyProblems } from './redocly-lint';

async function openapiDocument(dir: string): Promise<string> {
  const database = await openDatabase({ kind: 'pglite' });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    // The site's address, on https: the document's server, and the session cookie named as production names it.
    PUBLIC_URL: 'https://soultribe.app',
    // So GET /metrics is there with its token, as in production.
    METRICS_TOKEN: 'lint-openapi-metrics-token',
  });
  const { app } = await buildApp({
    config,
    database,
    web: 'none',
    runScheduler: false,
    runMessageRetention: false,
    runMailWorker: false,
    runPushWorker: false,
  });
  try {
    const answer = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    if (answer.statusCode !== 200) throw new Error(`GET /api/docs/openapi.json answered ${answer.statusCode}`);
    return answer.body;
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'soul-tribe-openapi-'));
  try {
    const problems = await redoclyProblems(await openapiDocument(dir));
    const failing = problems.filter((p) => p.severity === 'error');
    const warnings = problems.length - failing.length;
    console.log(`OpenAPI document (Redocly recommended): ${failing.length} errors, ${warnings} warnings`);
    for (const line of problemCounts(problems)) console.log(`  ${line}`);
    const isVerbose = process.argv.includes('--verbose');
    const shown = isVerbose ? problems : failing.slice(0, 40);
    for (const p of shown) console.log(`  ${problemLine(p)}`);
    if (!isVerbose && failing.length > shown.length)
      console.log(`  … ${failing.length - shown.length} more (--verbose)`);
    if (failing.length > 0) {
      console.log(`${failing.length} errors: the document fails the lint`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
// The app's pools and sockets are closed; nothing more is waited for.
process.exit(process.exitCode ?? 0);
