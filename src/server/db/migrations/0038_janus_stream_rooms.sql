-- Issue 45: the Janus VideoRoom of a live stream, kept on its row so any node can reach it and a
-- node starting after a crash can destroy the rooms of streams no longer live with their secrets.
ALTER TABLE "live_streams" ADD COLUMN "janus_url" text;--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "janus_room" bigint;--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "janus_room_secret" text;--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_janus_room_check" CHECK (("live_streams"."janus_url" is null) = ("live_streams"."janus_room" is null) and ("live_streams"."janus_room" is null) = ("live_streams"."janus_room_secret" is null));