/**
 * `npm test`'s check of the API's OpenAPI document against Redocly's recommended rules (redocly.yaml):
 * the app is built in this process as the tests build it, without a database to speak of (an empty
 * in-memory PGlite: building the routes reads nothing, and no worker runs), its document is written
 * to a temporary file and `redocly lint` reads it. Prints the problems by rule and the warnings'
 * count; exits 1 when a rule that is required reports an error.
 *
 *   npx tsx scripts/lint-openapi.ts            the check
 *   npx tsx scripts/lint-openapi.ts --verbose  each problem with its place in the document
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

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

async function lint(file: string): Promise<Problem[]> {
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const args = [cli, 'lint', file, '--config', 'redocly.yaml', '--format', 'json', '--max-problems', '100000'];
  // Redocly exits 1 when it finds an error; the JSON on standard output says which, either way.
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`redocly lint did not answer: ${error.stderr ?? error}`);
    return { stdout: error.stdout };
  });
  return (JSON.parse(stdout) as { problems: Problem[] }).problems;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'soul-tribe-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, await openapiDocument(dir));
    const problems = await lint(file);
    const byRule = new Map<string, { severity: Problem['severity']; count: number }>();
    for (const { ruleId, severity } of problems) {
      const entry = byRule.get(`${severity} ${ruleId}`) ?? { severity, count: 0 };
      byRule.set(`${severity} ${ruleId}`, { severity, count: entry.count + 1 });
    }
    const failing = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn').length;
    const errors = problems.length - warnings;
    console.log(`OpenAPI document (Redocly recommended): ${errors} errors, ${warnings} warnings`);
    for (const [key, { count }] of [...byRule].sort()) {
      const [severity, rule = ''] = key.split(' ');
      console.log(`  ${severity === 'warn' ? 'warning' : 'error  '} ${rule}: ${count}`);
    }
    const isVerbose = process.argv.includes('--verbose');
    const shown = isVerbose ? problems : failing.slice(0, 40);
    for (const p of shown) console.log(`  ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    if (!isVerbose && failing.length > shown.length)
      console.log(`  … ${failing.length - shown.length} more (--verbose)`);
    if (failing.length > 0) {
      console.log(`${failing.length} errors in required rules: the document fails the lint`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
// The app's pools and sockets are closed; nothing more is waited for.
process.exit(process.exitCode ?? 0);
