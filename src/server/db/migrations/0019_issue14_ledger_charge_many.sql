-- Split charges as a list in one call (docs/decisions/032): the scheduler on PostgreSQL charges a
-- chunk of due minutes with one statement, where one call per charge made each charge pay its own
-- round trips, and a single charge is a list of one. The rules are ledger_charge_split's (0015),
-- which this replaces; chargeManyWithSplit (ledger.ts) is its only caller and answers replays,
-- conflicts and refusals from what this returns, one row per charge with the charge's `ord`.
CREATE FUNCTION ledger_charge_split_many(p_charges jsonb)
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
    WHERE id IN (
      SELECT unnest(ARRAY[listed.payer, listed.reader, listed.revenue])
      FROM jsonb_to_recordset(p_charges) AS listed (payer text, reader text, revenue text))
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
--> statement-breakpoint
DROP FUNCTION ledger_charge_split(text, text, text, bigint, bigint, text, text, text, text);
