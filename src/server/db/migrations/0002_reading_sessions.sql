CREATE TABLE "reading_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"reader_id" text NOT NULL,
	"session_type" text NOT NULL,
	"status" text NOT NULL,
	"rate_per_minute_cents" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" text,
	"minutes_charged" integer DEFAULT 0 NOT NULL,
	"total_cost_cents" integer DEFAULT 0 NOT NULL,
	"reader_earnings_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"next_minute_at" timestamp with time zone,
	"client_seen_at" timestamp with time zone,
	"reader_seen_at" timestamp with time zone,
	"rating" integer,
	"review" text,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_sessions_type_check" CHECK ("reading_sessions"."session_type" in ('chat', 'audio', 'video')),
	CONSTRAINT "reading_sessions_status_check" CHECK ("reading_sessions"."status" in ('requested', 'accepted', 'declined', 'missed', 'cancelled', 'active', 'completed')),
	CONSTRAINT "reading_sessions_rating_check" CHECK ("reading_sessions"."rating" is null or "reading_sessions"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "session_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"content" text NOT NULL,
	"message_type" text DEFAULT 'text' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_reader_id_user_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_messages" ADD CONSTRAINT "session_messages_session_id_reading_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."reading_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_messages" ADD CONSTRAINT "session_messages_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reading_sessions_one_open_per_reader" ON "reading_sessions" USING btree ("reader_id") WHERE "reading_sessions"."status" in ('requested', 'accepted', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "reading_sessions_one_open_per_client" ON "reading_sessions" USING btree ("client_id") WHERE "reading_sessions"."status" in ('requested', 'accepted', 'active');--> statement-breakpoint
CREATE INDEX "reading_sessions_due_idx" ON "reading_sessions" USING btree ("status","next_minute_at");--> statement-breakpoint
CREATE INDEX "reading_sessions_client_idx" ON "reading_sessions" USING btree ("client_id","requested_at");--> statement-breakpoint
CREATE INDEX "reading_sessions_reader_idx" ON "reading_sessions" USING btree ("reader_id","requested_at");--> statement-breakpoint
CREATE INDEX "session_messages_session_idx" ON "session_messages" USING btree ("session_id","created_at");