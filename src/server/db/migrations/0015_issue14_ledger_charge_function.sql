-- A split charge as one function (docs/decisions/030): PL/pgSQL keeps each inner statement's plan for
-- the connection's life, where the same statement sent from the app is parsed and planned per charge
-- (half of a charge's cost on PGlite, measured). The rules are chargeWithSplit's (ledger.ts), which
-- is its only caller and answers replays, conflicts and refusals from what this returns.
CREATE FUNCTION ledger_charge_split(
  p_payer text,
  p_reader text,
  p_revenue text,
  p_reader_cents bigint,
  p_platform_cents bigint,
  p_kind text,
  p_reference text,
  p_reader_key text,
  p_platform_key text,
  OUT payer_balance bigint,
  OUT inserted integer,
  OUT moved integer
) LANGUAGE plpgsql AS $$
DECLARE
  leg_count integer := (p_reader_cents > 0)::integer + (p_platform_cents > 0)::integer;
BEGIN
  inserted := 0;
  moved := 0;
  -- The ledger's lock order (compareLockOrder): wallets, then escrows, then earnings, each by id.
  PERFORM 1 FROM ledger_accounts WHERE id IN (p_payer, p_reader)
    ORDER BY CASE kind WHEN 'wallet' THEN 0 WHEN 'escrow' THEN 1 WHEN 'earnings' THEN 2 ELSE 3 END, id COLLATE "C"
    FOR UPDATE;
  SELECT balance_cents INTO payer_balance FROM ledger_accounts WHERE id = p_payer;
  IF coalesce(payer_balance, 0) < p_reader_cents + p_platform_cents THEN
    RETURN;
  END IF;
  INSERT INTO ledger_transfers (debit_account_id, credit_account_id, amount_cents, kind, reference, idempotency_key)
    SELECT p_payer, leg.account_id, leg.cents, p_kind, p_reference, leg.idempotency_key
    FROM (VALUES (p_reader, p_reader_cents, p_reader_key), (p_revenue, p_platform_cents, p_platform_key)) AS leg (account_id, cents, idempotency_key)
    WHERE leg.cents > 0
    ON CONFLICT (idempotency_key) DO NOTHING;
  GET DIAGNOSTICS inserted = ROW_COUNT;
  IF inserted < leg_count THEN
    RETURN;
  END IF;
  -- The revenue row, which every charge shares, is the only lock taken here: last, as the order asks.
  UPDATE ledger_accounts AS account SET balance_cents = account.balance_cents + delta.cents
    FROM (VALUES (p_payer, -(p_reader_cents + p_platform_cents)), (p_reader, p_reader_cents), (p_revenue, p_platform_cents)) AS delta (id, cents)
    WHERE account.id = delta.id AND delta.cents <> 0;
  GET DIAGNOSTICS moved = ROW_COUNT;
END
$$;
