import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BOTH_DATABASES, PGLITE_ONLY } from './tests/integration/both-databases';
// This process's own imports (the integration files' global set-up loads drizzle-orm); the workers
// load it with `execArgv` below (src/server/package-resolve-shortcut.mjs).
import './src/server/register-package-resolve-shortcut.mjs';

/**
 * Each project's workers resolve date-fns' and drizzle-orm's files without re-reading their
 * package.json per file: 2-3 s of CPU a worker (src/server/package-resolve-shortcut.mjs). A project
 * does not inherit the root's `execArgv`.
 */
const execArgv = [
  '--import',
  fileURLToPath(new URL('./src/server/register-package-resolve-shortcut.mjs', import.meta.url)),
];

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@': fileURLToPath(new URL('./src/web', import.meta.url)),
};

const UNIT = /\.test\.tsx?$/;
const NOT_UNIT = /\.(integration|scale-out)\.test\.ts$/;

/**
 * Unit files that ask for jsdom (`// @vitest-environment jsdom`) run in a project of their own with
 * the Testing Library set-up; the others skip both, which cost more per file than their tests.
 */
const jsdomUnitFiles = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => UNIT.test(file) && !NOT_UNIT.test(file))
  .map((file) => ({ file: `src/${file.replaceAll('\\', '/')}`, text: readFileSync(`src/${file}`, 'utf8') }))
  .filter(({ text }) => text.includes('@vitest-environment jsdom'));
const jsdomFiles = jsdomUnitFiles.map(({ file }) => file);

/**
 * Files share their worker's environment and loaded modules (`isolate: false`). Shared, the node
 * unit files ran in 16 s instead of 45 s, the jsdom ones in 27 s instead of ~130 s. So no jsdom
 * file mocks (or unmocks) a module itself: the mock would only take where the module was not
 * loaded already. The toast mock is one set-up file for all of them (tests/unit/mock-toast.ts),
 * and a page's socket is a test's own through connectSocket (tests/unit/fake-socket.ts).
 */
const mockingFiles = jsdomUnitFiles.filter(({ text }) => /vi\.(un)?mock\(/.test(text)).map(({ file }) => file);
if (mockingFiles.length > 0)
  throw new Error(`vi.mock and vi.unmock do not work in a shared worker; used in ${mockingFiles.join(', ')}`);
const jsdomSetupFiles = ['tests/unit/testing-library-timeouts.ts', 'tests/unit/mock-toast.ts'];

/**
 * Vitest's default on two cores is one worker; two halve the unit run. Integration files mostly
 * wait on PostgreSQL, so three share the cores well there; on PGlite the database runs in the
 * worker, so two.
 */
const integrationWorkers = process.env.DATABASE_URL ? 3 : 2;

/**
 * Integration files share their worker's loaded modules (`isolate: false`): a fresh process per file
 * re-imported the whole server (~5 s, Better Auth alone 2–3 s) for every one of 79 files. On
 * PostgreSQL the suite took 495 s wall and 436 s of CPU isolated, 267 s and 181 s shared; the PGlite
 * set 354 s, then 209 s. Each file still builds its own app on its own database; none mocks a module.
 */
const integration = {
  environment: 'node' as const,
  execArgv,
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  globalSetup: ['tests/integration/global-setup.ts'],
};

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 3,
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each file's
    // content and the environment's config), so each of `npm test`'s Vitest stages after the first
    // loads the server's modules without transforming them again: the PGlite stage alone, after the
    // PostgreSQL one, 81 -> 67 CPU-s; an import of the whole app 10 -> 5 (decision 038, stop 65).
    // No plugin here reads anything but the file it transforms. Vitest 5 turns it on by default.
    experimental: { fsModuleCache: true },
    // `npm test` lists the slowest tests of all its stages at the end (tests/timings/record-timing.ts).
    reporters: process.env.TEST_TIMINGS_DIR ? ['default', './tests/timings/vitest-timings-reporter.ts'] : ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit-node',
          execArgv,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.integration.test.ts', 'src/**/*.scale-out.test.ts', ...jsdomFiles],
          environment: 'node',
          isolate: false,
          testTimeout: 20_000,
          // A hook may open an in-memory PGlite (statement-timer.test.ts), as integration files do:
          // ~7 s of CPU, so it gets their budget; 20 s ran out on a machine at load 15.
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-jsdom',
          execArgv,
          include: jsdomFiles,
          environment: 'jsdom',
          isolate: false,
          testTimeout: 20_000,
          setupFiles: jsdomSetupFiles,
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // Every file: on PostgreSQL with DATABASE_URL set (but those that open PGlite themselves), else on PGlite.
          name: 'integration',
          include: ['src/**/*.integration.test.ts'],
          exclude: process.env.DATABASE_URL ? PGLITE_ONLY : [],
          maxWorkers: integrationWorkers,
          ...integration,
        },
      },
      {
        resolve: { alias },
        test: {
          // The files CI runs on both databases (both-databases.ts), on PGlite whatever DATABASE_URL says.
          name: 'integration-pglite',
          include: [...BOTH_DATABASES, ...PGLITE_ONLY],
          maxWorkers: 2,
          ...integration,
        },
      },
      {
        resolve: { alias },
        test: {
          // Several processes' worth of app against one PostgreSQL and Redis: only `npm run test:pg`.
          name: 'scale-out',
          execArgv,
          // As the integration files: a worker's loaded modules serve its next file (the stage alone,
          // six files: 24.9-25.8 s isolated, 20.4-20.7 s shared; it runs alone at the end of CI).
          isolate: false,
          include: ['src/**/*.scale-out.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/integration/global-setup.ts'],
        },
      },
    ],
  },
});
