-- The platform's revenue in 16 shards (docs/decisions/031): platform:revenue (migration 0001) is
-- shard 0, and these are shards 1 to 15. revenueAccountFor in ledger.ts picks a payer's shard.
INSERT INTO "ledger_accounts" ("id", "kind")
SELECT 'platform:revenue:' || shard, 'revenue' FROM generate_series(1, 15) AS shard
ON CONFLICT ("id") DO NOTHING;
