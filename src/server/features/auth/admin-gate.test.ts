import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const gateFile = 'features/auth/require-user.ts';
/** Rows read about another account (a suspension's target, an account being deleted), never the caller. */
const OTHER_ACCOUNT_ROWS = new Set(['target', 'person', 'row', 'existing']);

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Decision 028: routes open to every signed-in user let an admin act on others without the second
 * factor, because each decided "is this an admin?" by itself. Only the admin gate (require-user.ts)
 * may ask; everything else calls assertAdminPower or seesAsAdmin, so a new power cannot skip it.
 */
describe('the admin gate', () => {
  it('is the only server code that asks whether the caller is an admin', () => {
    const askers: string[] = [];
    for (const path of serverSources(serverDir)) {
      const file = relative(serverDir, path);
      if (file === gateFile) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const comparisons = [...line.matchAll(/(\w+)\??\.role\s*[!=]==?\s*'admin'/g)].filter(
            (match) => !OTHER_ACCOUNT_ROWS.has(match[1]!),
          );
          if (comparisons.length > 0 || /includes\('admin'\)/.test(line))
            askers.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(askers).toEqual([]);
  });
});
