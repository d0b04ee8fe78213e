-- Issue 49: a listing carries the reader's service figures (docs/decisions/067), and any change of a
-- reading's status or of a written question's status can move them: a request accepted, declined,
-- missed or withdrawn, a reading over (its refund is written in the same update), a question
-- answered or refunded. 0030 announced only a reading entering or leaving 'active' (busy); every
-- status change is announced now, busy's included.
DROP TRIGGER reading_sessions_busy_changed ON reading_sessions;
--> statement-breakpoint
CREATE TRIGGER reading_sessions_status_changed AFTER UPDATE OF status ON reading_sessions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION directory_changed('reader_id');
--> statement-breakpoint
-- A reading removed (an account's deletion) leaves the reader's figures whatever its status.
CREATE OR REPLACE TRIGGER reading_sessions_removed AFTER DELETE ON reading_sessions
  FOR EACH ROW EXECUTE FUNCTION directory_changed('reader_id');
--> statement-breakpoint
CREATE TRIGGER written_readings_status_changed AFTER UPDATE OF status ON written_readings
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION directory_changed('reader_id');
--> statement-breakpoint
CREATE TRIGGER written_readings_removed AFTER DELETE ON written_readings
  FOR EACH ROW EXECUTE FUNCTION directory_changed('reader_id');
