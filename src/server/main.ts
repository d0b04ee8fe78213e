// First: the packages below and their own imports resolve through it (package-resolve-shortcut.mjs).
import './register-package-resolve-shortcut.mjs';
import { spawnSync } from 'node:child_process';
import { APP_ROOT } from './app-root';
import { ConfigError, formatConfigProblem, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { isWebBuildStale } from './web-build';

/**
 * `npm start` serves the built web app: built here when it is missing or older than its sources,
 * in a process of its own (Vite sets NODE_ENV for its build, which must not reach the server's).
 */
function buildWebIfStale() {
  if (!isWebBuildStale(APP_ROOT)) return;
  console.info('Building the web app (missing or older than its sources)…');
  // The web app alone: the server bundle this process runs from is fresh (scripts/start.mjs). A
  // production build whatever NODE_ENV this server runs with (the browser tests' 'test'): the page
  // renderer runs React's production build, which a development JSX transform cannot call.
  const { NODE_ENV: _serverMode, ...env } = process.env;
  const built = spawnSync('npm', ['run', 'build:web'], { cwd: APP_ROOT, stdio: 'inherit', env });
  if (built.status !== 0) throw new Error(`building the web app failed (exit ${built.status ?? built.signal})`);
}

/**
 * The configuration is checked before anything else is loaded or built (decision 054): an operator's
 * mistake is told within a second or two, not after the web build and the whole server (Better
 * Auth, Drizzle, Socket.IO, the media forwarder), which took 10-30 s on a busy machine.
 */
async function main() {
  const config = loadConfig();
  // `npm run dev` passes --dev and serves through Vite's hot reload instead of a build; --api-only
  // serves the API and sockets alone (a node behind a CDN that serves dist/web, or a test that must
  // not build the web app the browser tests beside it are serving).
  const web = process.argv.includes('--dev') ? 'vite' : process.argv.includes('--api-only') ? 'none' : 'built';
  if (web === 'built') buildWebIfStale();
  const { serve } = await import('./serve');
  await serve(config, { web });
}

main().catch((error) => {
  // An operator's mistake, not a bug: what to fix, one line a variable, and no stack to read past.
  if (error instanceof ConfigError) {
    console.error(['Soul Tribe cannot start:', ...error.problems.map(formatConfigProblem)].join('\n'));
  } else if (error instanceof DataDirInUseError) {
    console.error(`Soul Tribe cannot start: ${error.message}`);
  } else {
    console.error('Soul Tribe failed to start:', error);
  }
  process.exit(1);
});
