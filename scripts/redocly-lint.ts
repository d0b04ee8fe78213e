/**
 * Redocly CLI's lint of an OpenAPI document against redocly.yaml (its `recommended` rules), as
 * `redocly lint` reports it. Used by api-docs.integration.test.ts in `npm test`, on the document of
 * the app the test already runs, and by scripts/lint-openapi.ts, which prints the problems.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/** Each problem Redocly finds in `document` (the JSON text), errors and warnings. */
export async function redoclyProblems(document: string): Promise<RedoclyProblem[]> {
  const dir = mkdtempSync(join(tmpdir(), 'soul-tribe-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, document);
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    const config = join(import.meta.dirname, '..', 'redocly.yaml');
    const args = [cli, 'lint', file, '--config', config, '--format', 'json', '--max-problems', '100000'];
    // Redocly exits 1 when it finds an error; the JSON on standard output says which, either way.
    const { stdout } = await promisify(execFile)(process.execPath, args, {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`redocly lint did not answer: ${error.stderr ?? error}`);
      return { stdout: error.stdout };
    });
    return (JSON.parse(stdout) as { problems: RedoclyProblem[] }).problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The problems counted by severity and rule, one line each: 'warning operation-operationId: 190'. */
export function problemCounts(problems: RedoclyProblem[]): string[] {
  const byRule = new Map<string, number>();
  for (const { ruleId, severity } of problems) {
    const key = `${severity === 'warn' ? 'warning' : 'error  '} ${ruleId}`;
    byRule.set(key, (byRule.get(key) ?? 0) + 1);
  }
  return [...byRule].sort().map(([key, count]) => `${key}: ${count}`);
}

/** A problem with its place in the document. */
export const problemLine = (p: RedoclyProblem) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`;
