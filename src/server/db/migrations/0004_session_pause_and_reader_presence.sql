ALTER TABLE "reader_profiles" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "paused_at" timestamp with time zone;