import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Far above the few seconds loading the server takes, even on a busy machine: only a hang reaches it. */
const KILL_AFTER_MS = 90_000;

const dataDir = mkdtempSync(join(tmpdir(), 'soul-tribe-start-refusals-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm start`'s own entry point (the server bundle, built first when stale), as an operator runs it, with only the given environment. */
function start(
  env: Record<string, string>,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: KILL_AFTER_MS,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('starting in production without its configuration', () => {
  it(
    'refuses at once: exit code 1, one line a missing variable, no stack trace, nothing written',
    async () => {
      const { code, signal, stderr } = await start({ NODE_ENV: 'production', DATA_DIR: dataDir });

      expect(signal, 'killed: the server did not exit by itself').toBeNull();
      expect(code).toBe(1);
      const refusal = stderr.slice(stderr.indexOf('Soul Tribe cannot start:')).trimEnd().split('\n');
      expect(refusal).toEqual([
        'Soul Tribe cannot start:',
        expect.stringMatching(/^ {2}AUTH_SECRET: required in production/),
        expect.stringMatching(/^ {2}PAYMENTS_PROVIDER: required in production: set stripe/),
        expect.stringMatching(/^ {2}PUBLIC_URL: required in production/),
        expect.stringMatching(/^ {2}SMTP_URL: required in production/),
      ]);
      expect(stderr).not.toContain('    at ');
      // Refused before the database opened: the data folder stays as it was.
      expect(readdirSync(dataDir)).toEqual([]);
    },
    KILL_AFTER_MS + 30_000,
  );
});
