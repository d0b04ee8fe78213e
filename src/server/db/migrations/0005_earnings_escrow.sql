-- Escrow and earnings accounts for every user (docs/decisions/009-earnings-escrow.md): a reader's
-- share of a reading is held in escrow while the reading can be refunded, then released to earnings,
-- the only account a payout takes from. Existing balances are moved by transfers keyed
-- 'migration:0005:…', so every balance still equals its transfers; the check comes last.
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_wallet_non_negative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
DROP INDEX "ledger_accounts_user_key";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_kind_key" ON "ledger_accounts" USING btree ("user_id","kind");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'escrow', 'earnings', 'revenue', 'external', 'payouts_pending'));--> statement-breakpoint
INSERT INTO "ledger_accounts" ("id", "kind", "user_id")
SELECT k.prefix || u.id, k.kind, u.id
FROM "user" u CROSS JOIN (VALUES ('escrow:', 'escrow'), ('earnings:', 'earnings')) AS k(prefix, kind)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
-- 1. Shares of readings still open go to escrow, so a refund can take them back. A wallet that no
--    longer holds them (paid out under the old rules) gives what it has.
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "amount_cents", "kind", "reference", "idempotency_key")
SELECT held.wallet, 'escrow:' || held.reader_id, least(held.cents, a.balance_cents), 'adjustment', 'session:' || held.session_id, 'migration:0005:hold:' || held.session_id
FROM (
  SELECT s.id AS session_id, s.reader_id, 'wallet:' || s.reader_id AS wallet, sum(t.amount_cents) AS cents
  FROM "reading_sessions" s
  JOIN "ledger_transfers" t ON t.reference = 'session:' || s.id AND t.kind = 'session_charge' AND t.credit_account_id = 'wallet:' || s.reader_id
  WHERE s.status = 'active'
  GROUP BY s.id, s.reader_id
) held
JOIN "ledger_accounts" a ON a.id = held.wallet
WHERE least(held.cents, a.balance_cents) > 0;--> statement-breakpoint
-- 2. Earned and final: shares of ended readings, less what refunds took back and what was paid out
--    (pending or paid). Whatever else a reader's wallet holds came from deposits and stays there,
--    spendable and never withdrawable.
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "amount_cents", "kind", "reference", "idempotency_key")
SELECT f.wallet, 'earnings:' || f.user_id, f.cents, 'adjustment', 'migration:0005', 'migration:0005:earnings:' || f.user_id
FROM (
  SELECT a.user_id, a.id AS wallet, greatest(0, least(
    coalesce((SELECT sum(t.amount_cents) FROM "ledger_transfers" t
              WHERE t.credit_account_id = a.id AND t.kind = 'session_charge'
                AND NOT EXISTS (SELECT 1 FROM "reading_sessions" s WHERE t.reference = 'session:' || s.id AND s.status = 'active')), 0)
    - coalesce((SELECT sum(t.amount_cents) FROM "ledger_transfers" t WHERE t.debit_account_id = a.id AND t.kind IN ('refund', 'payout')), 0)
    + coalesce((SELECT sum(t.amount_cents) FROM "ledger_transfers" t WHERE t.credit_account_id = a.id AND t.kind = 'payout_reversal'), 0),
    a.balance_cents - coalesce((SELECT sum(t.amount_cents) FROM "ledger_transfers" t WHERE t.debit_account_id = a.id AND t.idempotency_key LIKE 'migration:0005:hold:%'), 0)
  )) AS cents
  FROM "ledger_accounts" a
  WHERE a.kind = 'wallet'
) f
WHERE f.cents > 0;--> statement-breakpoint
-- 3. A system account below zero (revenue that covered refunds of shares already paid out) is a
--    loss the platform bore: it is covered from outside, in the open, so the new check can hold.
INSERT INTO "ledger_transfers" ("debit_account_id", "credit_account_id", "amount_cents", "kind", "reference", "idempotency_key")
SELECT 'external:payments', a.id, -a.balance_cents, 'adjustment', 'migration:0005', 'migration:0005:cover:' || a.id
FROM "ledger_accounts" a
WHERE a.kind NOT IN ('external', 'wallet') AND a.balance_cents < 0;--> statement-breakpoint
UPDATE "ledger_accounts" a SET "balance_cents" = a.balance_cents + moved.cents
FROM (
  SELECT account_id, sum(cents) AS cents FROM (
    SELECT credit_account_id AS account_id, amount_cents AS cents FROM "ledger_transfers" WHERE idempotency_key LIKE 'migration:0005:%'
    UNION ALL
    SELECT debit_account_id, -amount_cents FROM "ledger_transfers" WHERE idempotency_key LIKE 'migration:0005:%'
  ) legs GROUP BY account_id
) moved
WHERE a.id = moved.account_id;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."kind" = 'external' or "ledger_accounts"."balance_cents" >= 0);
