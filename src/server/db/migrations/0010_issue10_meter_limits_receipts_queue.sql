CREATE TABLE "client_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reading_reminder_minutes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_preferences_reminder_check" CHECK ("client_preferences"."reading_reminder_minutes" is null or "client_preferences"."reading_reminder_minutes" in (10, 15, 30))
);
--> statement-breakpoint
CREATE TABLE "deposit_limits" (
	"user_id" text NOT NULL,
	"period" text NOT NULL,
	"limit_cents" integer,
	"pending_limit_cents" integer,
	"pending_effective_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_limits_user_id_period_pk" PRIMARY KEY("user_id","period"),
	CONSTRAINT "deposit_limits_period_check" CHECK ("deposit_limits"."period" in ('daily', 'weekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "reader_queue" (
	"client_id" text PRIMARY KEY NOT NULL,
	"reader_id" text NOT NULL,
	"session_type" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	CONSTRAINT "reader_queue_type_check" CHECK ("reader_queue"."session_type" in ('chat', 'audio', 'video'))
);
--> statement-breakpoint
CREATE TABLE "session_minutes" (
	"session_id" text NOT NULL,
	"minute" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"reader_cents" integer NOT NULL,
	"platform_cents" integer NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	CONSTRAINT "session_minutes_session_id_minute_pk" PRIMARY KEY("session_id","minute"),
	CONSTRAINT "session_minutes_split_check" CHECK ("session_minutes"."amount_cents" = "session_minutes"."reader_cents" + "session_minutes"."platform_cents" and "session_minutes"."reader_cents" >= 0 and "session_minutes"."platform_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reader_profiles" ADD COLUMN "free_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "pause_reason" text;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "resume_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "free_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_preferences" ADD CONSTRAINT "client_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD CONSTRAINT "deposit_limits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_queue" ADD CONSTRAINT "reader_queue_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_queue" ADD CONSTRAINT "reader_queue_reader_id_user_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_minutes" ADD CONSTRAINT "session_minutes_session_id_reading_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."reading_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reader_queue_reader_idx" ON "reader_queue" USING btree ("reader_id","joined_at");--> statement-breakpoint
CREATE INDEX "reader_queue_offer_idx" ON "reader_queue" USING btree ("offer_expires_at") WHERE "reader_queue"."offer_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "reader_profiles" ADD CONSTRAINT "reader_free_minutes_check" CHECK ("reader_profiles"."free_minutes" between 0 and 5);--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_pause_reason_check" CHECK ("reading_sessions"."pause_reason" is null or "reading_sessions"."pause_reason" in ('away', 'insufficient_funds'));--> statement-breakpoint
-- A pause before this migration was always a side being away.
UPDATE "reading_sessions" SET "pause_reason" = 'away' WHERE "paused_at" IS NOT NULL;--> statement-breakpoint
-- Receipt lines for readings billed before this migration, from their ledger legs
-- (keys session:<id>:minute:<n>:reader|:platform, written at the minute's start).
INSERT INTO "session_minutes" ("session_id", "minute", "started_at", "amount_cents", "reader_cents", "platform_cents", "free")
SELECT s."id", m."minute", min(t."created_at"), sum(t."amount_cents"),
  coalesce(sum(t."amount_cents") FILTER (WHERE t."credit_account_id" <> 'platform:revenue'), 0),
  coalesce(sum(t."amount_cents") FILTER (WHERE t."credit_account_id" = 'platform:revenue'), 0),
  false
FROM "ledger_transfers" t
CROSS JOIN LATERAL (SELECT substring(t."idempotency_key" from ':minute:([0-9]+):(?:reader|platform)$')::integer AS "minute") m
JOIN "reading_sessions" s ON t."reference" = 'session:' || s."id"
WHERE t."kind" = 'session_charge' AND m."minute" IS NOT NULL
GROUP BY s."id", m."minute";
