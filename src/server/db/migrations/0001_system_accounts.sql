-- The platform's own ledger accounts. They may go negative (external is where deposits come from),
-- so the sum over all accounts stays zero.
INSERT INTO "ledger_accounts" ("id", "kind") VALUES
  ('platform:revenue', 'revenue'),
  ('external:payments', 'external'),
  ('payouts:pending', 'payouts_pending')
ON CONFLICT ("id") DO NOTHING;
