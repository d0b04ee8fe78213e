CREATE TABLE "written_readings" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"reader_id" text NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	"price_cents" integer NOT NULL,
	"answer_hours" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"rating" integer,
	"review" text,
	"rated_at" timestamp with time zone,
	"request_key" text,
	CONSTRAINT "written_readings_status_check" CHECK ("written_readings"."status" in ('pending', 'answered', 'refunded')),
	CONSTRAINT "written_readings_price_check" CHECK ("written_readings"."price_cents" between 500 and 10000 and "written_readings"."answer_hours" in (24, 48)),
	CONSTRAINT "written_readings_question_check" CHECK (char_length("written_readings"."question") between 20 and 2000),
	CONSTRAINT "written_readings_answer_check" CHECK ("written_readings"."answer" is null or char_length("written_readings"."answer") between 50 and 5000),
	CONSTRAINT "written_readings_state_check" CHECK (("written_readings"."status" = 'answered') = ("written_readings"."answer" is not null and "written_readings"."answered_at" is not null) and ("written_readings"."status" = 'refunded') = ("written_readings"."refunded_at" is not null)),
	CONSTRAINT "written_readings_rating_check" CHECK (("written_readings"."rating" is null or ("written_readings"."rating" between 1 and 5 and "written_readings"."status" = 'answered')) and ("written_readings"."rating" is null) = ("written_readings"."rated_at" is null))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "reader_profiles" ADD COLUMN "written_reading_price_cents" integer;--> statement-breakpoint
ALTER TABLE "reader_profiles" ADD COLUMN "written_reading_answer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "written_readings" ADD CONSTRAINT "written_readings_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "written_readings" ADD CONSTRAINT "written_readings_reader_id_user_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "written_readings_client_idx" ON "written_readings" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "written_readings_reader_idx" ON "written_readings" USING btree ("reader_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "written_readings_due_idx" ON "written_readings" USING btree ("due_at") WHERE "written_readings"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "written_readings_request_key" ON "written_readings" USING btree ("client_id","request_key");--> statement-breakpoint
CREATE INDEX "written_readings_reader_reviews_idx" ON "written_readings" USING btree ("reader_id","rated_at" DESC NULLS LAST) WHERE "written_readings"."rating" is not null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'escrow', 'earnings', 'revenue', 'external', 'payouts_pending', 'disputes', 'hold'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('stream_live', 'reader_online', 'written_reading_asked', 'written_reading_answered', 'written_reading_refunded'));--> statement-breakpoint
ALTER TABLE "reader_profiles" ADD CONSTRAINT "reader_written_reading_check" CHECK (("reader_profiles"."written_reading_price_cents" is null or "reader_profiles"."written_reading_price_cents" between 500 and 10000) and "reader_profiles"."written_reading_answer_hours" in (24, 48));--> statement-breakpoint
-- The directory's listings carry the written-reading offer (price and answer time), so a change to
-- it is a listing change too (0030's trigger, with the two new columns).
CREATE OR REPLACE TRIGGER reader_profiles_listing_changed AFTER UPDATE ON reader_profiles
  FOR EACH ROW WHEN (
    (OLD.first_name, OLD.last_name, OLD.username, OLD.bio, OLD.specialties, OLD.years_experience, OLD.chat_rate_cents,
     OLD.audio_rate_cents, OLD.video_rate_cents, OLD.profile_image, OLD.time_zone, OLD.is_online, OLD.rating_sum,
     OLD.rating_count, OLD.completed_sessions, OLD.free_minutes, OLD.created_at, OLD.written_reading_price_cents,
     OLD.written_reading_answer_hours)
    IS DISTINCT FROM
    (NEW.first_name, NEW.last_name, NEW.username, NEW.bio, NEW.specialties, NEW.years_experience, NEW.chat_rate_cents,
     NEW.audio_rate_cents, NEW.video_rate_cents, NEW.profile_image, NEW.time_zone, NEW.is_online, NEW.rating_sum,
     NEW.rating_count, NEW.completed_sessions, NEW.free_minutes, NEW.created_at, NEW.written_reading_price_cents,
     NEW.written_reading_answer_hours)
  ) EXECUTE FUNCTION directory_changed('user_id');
