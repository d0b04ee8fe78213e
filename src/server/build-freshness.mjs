// Plain JavaScript: `npm start` (scripts/start.mjs) asks it before any TypeScript can run, and the
// server (web-build.ts) asks it about the web app.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** @param {string} path the newest change under a file or folder (a deleted file changes its folder) */
function newestChangeMs(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChangeMs(join(path, entry)));
  return newest;
}

/**
 * Whether a build must run again: its `output` (relative to `root`) is missing, or older than one of
 * its `sources` (a pull, an edit).
 * @param {string} root
 * @param {string} output
 * @param {readonly string[]} sources
 * @returns {boolean}
 */
export function isBuildStale(root, output, sources) {
  const built = join(root, output);
  if (!existsSync(built)) return true;
  const builtAtMs = statSync(built).mtimeMs;
  return sources.some((source) => existsSync(join(root, source)) && newestChangeMs(join(root, source)) > builtAtMs);
}
