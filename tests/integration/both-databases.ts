/**
 * Integration files that CI runs on PGlite as well as on PostgreSQL (every file runs on
 * PostgreSQL, the production database). PGlite is the same PostgreSQL compiled to WebAssembly, so
 * what runs the same SQL the same way is not run twice; what differs is its one session, its data
 * folder and its build. So the PGlite stage runs the files about PGlite itself, the billing
 * scheduler (which takes due readings in chunks there, `concurrency: 1` in app.ts), a node
 * restarted on a data folder as `npm start` keeps it, and a smoke set of whole journeys.
 * The one way code fails on one session only, a statement sent on the database while a transaction
 * of the same request is open (it waits for the transaction, which waits for it), is refused by
 * every test database on either (tests/integration/transaction-guard.ts), so each file finds it on
 * PostgreSQL; races and generated sequences of money therefore run on PostgreSQL alone, where
 * requests do interleave (on one session they run one after another). `npm run test:all` runs
 * every file on both (docs/decisions/071; 038 for the stages before).
 */
export const BOTH_DATABASES = [
  // PGlite itself, and the transaction guard on it
  'src/server/db/**/*.integration.test.ts',
  // the billing scheduler in chunks on one session
  'src/server/features/sessions/billing-engine.integration.test.ts',
  // decision 055: a node stopped (SIGTERM) and restarted during a reading, on a data folder as `npm start` keeps it
  'src/server/restart-during-reading.integration.test.ts',
  // smoke: the app, sign-in, a whole reading and the demo seed
  'src/server/platform.integration.test.ts',
  'src/server/features/auth/auth.integration.test.ts',
  'src/server/features/sessions/session-flow.integration.test.ts',
  'src/server/seed/seed-demo.integration.test.ts',
];

/**
 * Files that open PGlite themselves whatever DATABASE_URL says (a database as it stood before one
 * migration, tests/integration/database-before-migration.ts): the PGlite stage runs them, and the
 * PostgreSQL stage leaves them out instead of running them on PGlite a second time (~85 s of a CI
 * worker's time, decision 038).
 */
export const PGLITE_ONLY = [
  'src/server/db/ledger-charge-many-migration.integration.test.ts',
  'src/server/features/sessions/receipts-migration.integration.test.ts',
  'src/server/features/wallet/earnings-migration.integration.test.ts',
];
