/**
 * Integration files that CI runs on PGlite as well as on PostgreSQL (every file runs on
 * PostgreSQL, the production database). PGlite is the same PostgreSQL compiled to WebAssembly, so
 * what runs the same SQL the same way there is not run twice; what differs is its one connection
 * (every transaction in turn, `concurrency: 1` in the scheduler), its data folder and its build.
 * So the PGlite stage runs the files about PGlite itself, the money tests that race or generate
 * (where one connection changes the interleavings), the billing scheduler, a node restarted on a
 * data folder, and a smoke set of whole journeys. Until stop 38 it ran every money file (the rule
 * then): 50 files, 170-218 s of a CI run whose two cores were busy throughout, against CI's 540 s
 * target (decision 038; docs/measurements/038-ci-time-measured.md, 'Stop 38'). `npm run test:all` runs every file
 * on both. A new race or property test about money belongs here.
 */
export const BOTH_DATABASES = [
  // PGlite itself
  'src/server/db/**/*.integration.test.ts',
  // money that races or is generated
  'src/server/features/wallet/ledger-race.integration.test.ts',
  'src/server/features/wallet/ledger-property.integration.test.ts',
  'src/server/features/wallet/ledger-charge-many.integration.test.ts',
  'src/server/features/wallet/hold.integration.test.ts',
  'src/server/features/wallet/check-ledger.integration.test.ts',
  'src/server/features/wallet/deposit-limits-property.integration.test.ts',
  // decision 066: promotional credit by property, a sweep racing charges, codes raced for their last use
  'src/server/features/wallet/credit-property.integration.test.ts',
  'src/server/features/promotions/promotions.integration.test.ts',
  'src/server/features/promotions/referrals.integration.test.ts',
  // decision 039: the webhook credits once for concurrent deliveries; take-backs by property
  'src/server/features/payments/checkout-webhook.integration.test.ts',
  'src/server/features/payments/take-back-property.integration.test.ts',
  'src/server/features/payouts/payouts.integration.test.ts',
  'src/server/features/shop/orders-property.integration.test.ts',
  'src/server/features/shop/cancel-shipment-property.integration.test.ts',
  'src/server/features/live/gifts/gifts-property.integration.test.ts',
  // the billing scheduler: minutes, rounding, a deposit racing its passes, nodes' leases
  'src/server/features/sessions/billing-engine.integration.test.ts',
  'src/server/features/sessions/free-minutes-and-rounding.integration.test.ts',
  'src/server/features/sessions/top-up.integration.test.ts',
  'src/server/features/sessions/node-lease.integration.test.ts',
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
