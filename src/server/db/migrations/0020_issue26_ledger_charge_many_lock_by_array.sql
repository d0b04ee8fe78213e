-- 0019 as first committed locked the list's accounts through `id IN (SELECT …)`; a later commit
-- edited that file in place, so a database that had already run 0019 kept the slow body. The fix
-- lives here instead (migrations are append-only; src/server/db/migration-history.test.ts).
-- `= ANY (ARRAY(…))`, not `IN (SELECT …)`: the planner guesses 100 charges for any list, and with
-- IN chose a hash join over every account (15 ms a call on PGlite at 30,000 accounts, against
-- 0.3 ms through the index).
CREATE OR REPLACE FUNCTION ledger_charge_split_many(p_charges jsonb)
RETURNS TABLE (ord integer, payer_balance bigint, inserted integer, moved integer)
LANGUAGE plpgsql AS $$
DECLARE
  charge record;
BEGIN
  -- Every account of every charge is locked up front in the ledger's lock order (compareLockOrder):
  -- wallets, escrows, earnings, then the system accounts (the revenue shards), each by id. Locked
  -- charge by charge instead, a list would hold one charge's shard while it waits for the next
  -- one's wallet, and two lists could wait on each other.
  PERFORM 1 FROM ledger_accounts
    WHERE id = ANY (ARRAY(
      SELECT unnest(ARRAY[listed.payer, listed.reader, listed.revenue])
      FROM jsonb_to_recordset(p_charges) AS listed (payer text, reader text, revenue text)))
    ORDER BY CASE kind WHEN 'wallet' THEN 0 WHEN 'escrow' THEN 1 WHEN 'earnings' THEN 2 ELSE 3 END, id COLLATE "C"
    FOR UPDATE;
  FOR charge IN
    SELECT * FROM jsonb_to_recordset(p_charges) AS listed (
      ord integer, payer text, reader text, revenue text, reader_cents bigint, platform_cents bigint,
      kind text, reference text, reader_key text, platform_key text)
    ORDER BY listed.ord
  LOOP
    ord := charge.ord;
    inserted := 0;
    moved := 0;
    -- Read per charge: an earlier charge of the list may have spent from the same wallet.
    SELECT balance_cents INTO payer_balance FROM ledger_accounts WHERE id = charge.payer;
    IF coalesce(payer_balance, 0) >= charge.reader_cents + charge.platform_cents THEN
      INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount_cents, kind, reference, idempotency_key)
        SELECT charge.payer, leg.account_id, leg.cents, charge.kind, charge.reference, leg.idempotency_key
        FROM (VALUES (charge.reader, charge.reader_cents, charge.reader_key), (charge.revenue, charge.platform_cents, charge.platform_key))
          AS leg (account_id, cents, idempotency_key)
        WHERE leg.cents > 0
        ON CONFLICT (idempotency_key) DO NOTHING;
      GET DIAGNOSTICS inserted = ROW_COUNT;
      -- Only a charge whose every leg is new moves money; any other is answered by the caller (a
      -- replay, or a conflict that rolls the whole transaction back).
      IF inserted = (charge.reader_cents > 0)::integer + (charge.platform_cents > 0)::integer THEN
        UPDATE ledger_accounts AS account SET balance_cents = account.balance_cents + delta.cents
          FROM (VALUES (charge.payer, -(charge.reader_cents + charge.platform_cents)), (charge.reader, charge.reader_cents), (charge.revenue, charge.platform_cents))
            AS delta (id, cents)
          WHERE account.id = delta.id AND delta.cents <> 0;
        GET DIAGNOSTICS moved = ROW_COUNT;
      END IF;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
