-- Issue 29: the directory is served from a cache in each app process (docs/decisions/042). Every
-- change to what a listing shows announces the reader's id on the channel directory_changed, from
-- the database itself, so no writer can forget to, and every process hears it once the change is
-- committed (NOTIFY is delivered at commit, never for a rolled-back change).
CREATE FUNCTION directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the column that holds the reader's id in the table the trigger is on.
  PERFORM pg_notify('directory_changed', to_jsonb(coalesce(NEW, OLD)) ->> TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reader_profiles_added_or_removed AFTER INSERT OR DELETE ON reader_profiles
  FOR EACH ROW EXECUTE FUNCTION directory_changed('user_id');
--> statement-breakpoint
-- Not seen_at, node_id or updated_at: presence beats rewrite those, and no listing shows them.
CREATE TRIGGER reader_profiles_listing_changed AFTER UPDATE ON reader_profiles
  FOR EACH ROW WHEN (
    (OLD.first_name, OLD.last_name, OLD.username, OLD.bio, OLD.specialties, OLD.years_experience, OLD.chat_rate_cents,
     OLD.audio_rate_cents, OLD.video_rate_cents, OLD.profile_image, OLD.time_zone, OLD.is_online, OLD.rating_sum,
     OLD.rating_count, OLD.completed_sessions, OLD.free_minutes, OLD.created_at)
    IS DISTINCT FROM
    (NEW.first_name, NEW.last_name, NEW.username, NEW.bio, NEW.specialties, NEW.years_experience, NEW.chat_rate_cents,
     NEW.audio_rate_cents, NEW.video_rate_cents, NEW.profile_image, NEW.time_zone, NEW.is_online, NEW.rating_sum,
     NEW.rating_count, NEW.completed_sessions, NEW.free_minutes, NEW.created_at)
  ) EXECUTE FUNCTION directory_changed('user_id');
--> statement-breakpoint
-- A suspension (an admin's deactivation is one) or its lifting lists or unlists the reader.
CREATE TRIGGER user_suspension_changed AFTER UPDATE OF suspended_at ON "user"
  FOR EACH ROW WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at) EXECUTE FUNCTION directory_changed('id');
--> statement-breakpoint
CREATE TRIGGER reader_availability_changed AFTER INSERT OR UPDATE OR DELETE ON reader_availability
  FOR EACH ROW EXECUTE FUNCTION directory_changed('reader_id');
--> statement-breakpoint
-- Busy is 'in an active reading': only a reading entering or leaving 'active' changes it.
CREATE TRIGGER reading_sessions_started AFTER INSERT ON reading_sessions
  FOR EACH ROW WHEN (NEW.status = 'active') EXECUTE FUNCTION directory_changed('reader_id');
--> statement-breakpoint
CREATE TRIGGER reading_sessions_busy_changed AFTER UPDATE OF status ON reading_sessions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND (OLD.status = 'active' OR NEW.status = 'active'))
  EXECUTE FUNCTION directory_changed('reader_id');
--> statement-breakpoint
CREATE TRIGGER reading_sessions_removed AFTER DELETE ON reading_sessions
  FOR EACH ROW WHEN (OLD.status = 'active') EXECUTE FUNCTION directory_changed('reader_id');
