import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isWebBuildStale } from './web-build';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A checkout with one web source and one shared file, changed at the given seconds. */
function checkout(sourceAt: number, builtAt: number | null) {
  root = mkdtempSync(join(tmpdir(), 'soul-tribe-web-build-'));
  mkdirSync(join(root, 'src/web/features'), { recursive: true });
  mkdirSync(join(root, 'src/shared'), { recursive: true });
  const files = [
    join(root, 'src/web/features/page.tsx'),
    join(root, 'src/shared/money.ts'),
    join(root, 'vite.config.ts'),
  ];
  for (const file of files) {
    writeFileSync(file, '');
    utimesSync(file, 1_000, 1_000);
  }
  // Folders count too (a deleted source changes its folder): old unless the test says otherwise.
  for (const folder of ['src/web/features', 'src/web', 'src/shared']) utimesSync(join(root, folder), 1_000, 1_000);
  utimesSync(files[0]!, sourceAt, sourceAt);
  if (builtAt !== null) {
    for (const output of ['dist/web/index.html', 'dist/ssr/entry-server.js']) {
      mkdirSync(join(root, output, '..'), { recursive: true });
      writeFileSync(join(root, output), '');
      utimesSync(join(root, output), builtAt, builtAt);
    }
  }
}

describe('npm start builds the web app only when it must', () => {
  it('builds when there is no build', () => {
    checkout(2_000, null);
    expect(isWebBuildStale(root)).toBe(true);
  });

  it('builds when a source changed after the build', () => {
    checkout(3_000, 2_000);
    expect(isWebBuildStale(root)).toBe(true);
  });

  it("builds when the server's renderer of the public pages is missing (a build from before it)", () => {
    checkout(2_000, 3_000);
    rmSync(join(root, 'dist/ssr'), { recursive: true });
    expect(isWebBuildStale(root)).toBe(true);
  });

  it('starts at once when the build is newer than every source', () => {
    checkout(2_000, 3_000);
    expect(isWebBuildStale(root)).toBe(false);
  });
});
