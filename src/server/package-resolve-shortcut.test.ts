import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { resolveShortcut, SHORTCUT_PACKAGES } from './package-resolve-shortcut.mjs';

const nodeModules = join(process.cwd(), 'node_modules');
const fileIn = (path: string) => pathToFileURL(join(nodeModules, path)).href;
const shortcut = (specifier: string, parentURL: string | undefined) => {
  const next = vi.fn(() => 'node');
  return resolveShortcut(specifier, { parentURL }, next);
};

describe('the resolution shortcut for large package.json files', () => {
  it.each(SHORTCUT_PACKAGES)('holds for %s as installed: an ES module package with one package.json', (name) => {
    const root = join(nodeModules, name);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).type).toBe('module');
    const packageFiles = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file === 'package.json' || file.endsWith('/package.json'),
    );
    expect(packageFiles).toEqual(['package.json']);
  });

  it('joins a relative script import inside one of the packages, as an ES module', () => {
    expect(shortcut('./toDate.js', fileIn('date-fns/format.js'))).toEqual({
      url: fileIn('date-fns/toDate.js'),
      format: 'module',
      shortCircuit: true,
    });
    expect(shortcut('../column.js', fileIn('drizzle-orm/pg-core/table.js'))).toEqual({
      url: fileIn('drizzle-orm/column.js'),
      format: 'module',
      shortCircuit: true,
    });
  });

  it.each([
    ['a bare specifier', 'date-fns', fileIn('drizzle-orm/index.js')],
    ['a file that is not a script', './locale.cjs', fileIn('date-fns/index.js')],
    ['a path out of the package', '../zod/index.js', fileIn('date-fns/index.js')],
    ['another package', './index.js', fileIn('zod/v4/index.js')],
    ["a package's own dependency", './b.js', fileIn('date-fns/node_modules/dep/a.js')],
    ['a file of the project', './config.js', pathToFileURL(join(process.cwd(), 'src/server/main.js')).href],
    ['the entry point', './main.js', undefined],
  ])("leaves %s to Node's resolution", (_what, specifier, parentURL) => {
    expect(shortcut(specifier, parentURL)).toBe('node');
  });

  it('loads both packages in a process of their own with it registered', () => {
    const script = `
      const { format } = await import('date-fns');
      const { pgTable, integer } = await import('drizzle-orm/pg-core');
      const { getTableName } = await import('drizzle-orm');
      const table = pgTable('readers', { id: integer('id') });
      console.log(format(new Date(2026, 11, 2), 'yyyy-MM-dd'), getTableName(table));`;
    const output = execFileSync(
      process.execPath,
      ['--import', './src/server/register-package-resolve-shortcut.mjs', '--input-type=module', '--eval', script],
      { encoding: 'utf8' },
    );
    expect(output.trim()).toBe('2026-12-02 readers');
  });
});
