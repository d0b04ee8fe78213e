import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the web build is made from: a build older than any of these files is stale. */
const WEB_SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

function newestChangeMs(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChangeMs(join(path, entry)));
  return newest;
}

/**
 * Whether `npm start` must build the web app first (issue 42): when the build is missing, or older
 * than one of its sources (a pull, an edit). A restart on an unchanged checkout starts the server
 * at once instead of building the same files again (7-30 s).
 */
export function isWebBuildStale(root: string): boolean {
  const builtIndex = join(root, 'dist/web/index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAtMs = statSync(builtIndex).mtimeMs;
  return WEB_SOURCES.some((source) => existsSync(join(root, source)) && newestChangeMs(join(root, source)) > builtAtMs);
}
