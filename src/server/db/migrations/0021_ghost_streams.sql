ALTER TABLE "live_streams" ADD COLUMN "end_reason" text;--> statement-breakpoint
UPDATE "live_streams" SET "end_reason" = 'ended' WHERE "status" = 'ended';--> statement-breakpoint
ALTER TABLE "stream_joins" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_end_reason_check" CHECK ("live_streams"."end_reason" is null or "live_streams"."end_reason" in ('ended', 'reader_left'));
