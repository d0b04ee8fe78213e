-- A charged minute's two writes, its receipt line and the reading's running totals, as one call
-- (docs/decisions/030): PL/pgSQL keeps both statements' plans for the connection's life, where sent
-- from the app each was parsed and planned per minute. chargeNextMinute (billing.ts) is its only
-- caller and computes every value; this only writes them. A receipt line already written (a replay)
-- is kept as it is.
CREATE FUNCTION session_minute_record(
  p_session_id text,
  p_minute integer,
  p_started_at timestamptz,
  p_next_minute_at timestamptz,
  p_amount_cents integer,
  p_reader_cents integer,
  p_platform_cents integer,
  p_free boolean,
  p_total_cost_cents integer,
  p_reader_earnings_cents integer
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_minutes (session_id, minute, started_at, amount_cents, reader_cents, platform_cents, free)
    VALUES (p_session_id, p_minute, p_started_at, p_amount_cents, p_reader_cents, p_platform_cents, p_free)
    ON CONFLICT DO NOTHING;
  UPDATE reading_sessions
    SET minutes_charged = p_minute,
        total_cost_cents = p_total_cost_cents,
        reader_earnings_cents = p_reader_earnings_cents,
        next_minute_at = p_next_minute_at
    WHERE id = p_session_id;
END
$$;
