-- Trigram search for the directory (readers/list-directory.ts); PGlite loads the extension in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "reader_profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("reader_profiles"."first_name" || ' ' || "reader_profiles"."last_name" || E'\n' || "reader_profiles"."username" || E'\n' || "reader_profiles"."bio" || E'\n' || "reader_profiles"."specialties"::text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "reader_profiles_search_idx" ON "reader_profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reader_profiles_specialties_idx" ON "reader_profiles" USING gin ((lower("specialties"::text)::jsonb) jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "reading_sessions_reader_reviews_idx" ON "reading_sessions" USING btree ("reader_id","rated_at" DESC NULLS LAST) WHERE "reading_sessions"."rating" is not null;--> statement-breakpoint
CREATE INDEX "user_suspended_idx" ON "user" USING btree ("id") WHERE "user"."suspended_at" is not null;