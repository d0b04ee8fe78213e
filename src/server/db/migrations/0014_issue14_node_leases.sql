CREATE TABLE "app_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reader_profiles" ADD COLUMN "node_id" text;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "client_node_id" text;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "reader_node_id" text;