import { isBuildStale } from './build-freshness.mjs';

/** What the web build is made from: a build older than any of these files is stale. */
const WEB_SOURCES = ['src/web', 'src/shared', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

/**
 * Whether `npm start` must build the web app first (decision 054): when the build is missing, or older
 * than one of its sources (a pull, an edit). A restart on an unchanged checkout starts the server
 * at once instead of building the same files again (7-30 s).
 */
export function isWebBuildStale(root: string): boolean {
  // Both halves of the web build: the browser's files, and the server's renderer of the public pages (decision 063).
  return ['dist/web/index.html', 'dist/ssr/entry-server.js'].some((output) => isBuildStale(root, output, WEB_SOURCES));
}
