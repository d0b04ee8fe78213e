CREATE TABLE "live_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"reader_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"expected_minutes" integer,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_streams_status_check" CHECK ("live_streams"."status" in ('scheduled', 'live', 'ended')),
	CONSTRAINT "live_streams_price_check" CHECK ("live_streams"."price_cents" = 0 or "live_streams"."price_cents" between 99 and 9999),
	CONSTRAINT "live_streams_expected_minutes_check" CHECK ("live_streams"."expected_minutes" is null or "live_streams"."expected_minutes" between 5 and 480),
	CONSTRAINT "live_streams_viewer_count_check" CHECK ("live_streams"."viewer_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"subject_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('stream_live', 'reader_online'))
);
--> statement-breakpoint
CREATE TABLE "reader_follows" (
	"follower_id" text NOT NULL,
	"reader_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_follows_follower_id_reader_id_pk" PRIMARY KEY("follower_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "stream_gifts" (
	"id" text PRIMARY KEY NOT NULL,
	"stream_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"gift_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reader_cents" integer NOT NULL,
	"platform_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_gifts_split_check" CHECK ("stream_gifts"."amount_cents" = "stream_gifts"."reader_cents" + "stream_gifts"."platform_cents" and "stream_gifts"."reader_cents" >= 0 and "stream_gifts"."platform_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stream_joins" (
	"stream_id" text NOT NULL,
	"user_id" text NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_joins_stream_id_user_id_pk" PRIMARY KEY("stream_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stream_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"stream_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stream_mutes" (
	"stream_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_mutes_stream_id_user_id_pk" PRIMARY KEY("stream_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stream_reminders" (
	"stream_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_reminders_stream_id_user_id_pk" PRIMARY KEY("stream_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_reader_id_user_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_follows" ADD CONSTRAINT "reader_follows_follower_id_user_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_follows" ADD CONSTRAINT "reader_follows_reader_id_user_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_gifts" ADD CONSTRAINT "stream_gifts_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_gifts" ADD CONSTRAINT "stream_gifts_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_joins" ADD CONSTRAINT "stream_joins_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_joins" ADD CONSTRAINT "stream_joins_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_messages" ADD CONSTRAINT "stream_messages_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_messages" ADD CONSTRAINT "stream_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_mutes" ADD CONSTRAINT "stream_mutes_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_mutes" ADD CONSTRAINT "stream_mutes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_reminders" ADD CONSTRAINT "stream_reminders_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_reminders" ADD CONSTRAINT "stream_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_streams_one_live_per_reader" ON "live_streams" USING btree ("reader_id") WHERE "live_streams"."status" = 'live';--> statement-breakpoint
CREATE INDEX "live_streams_status_idx" ON "live_streams" USING btree ("status","started_at");--> statement-breakpoint
CREATE INDEX "live_streams_scheduled_idx" ON "live_streams" USING btree ("scheduled_for") WHERE "live_streams"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "live_streams_reader_idx" ON "live_streams" USING btree ("reader_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_subject_idx" ON "notifications" USING btree ("user_id","kind","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "reader_follows_reader_idx" ON "reader_follows" USING btree ("reader_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_gifts_sender_key" ON "stream_gifts" USING btree ("sender_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "stream_gifts_stream_idx" ON "stream_gifts" USING btree ("stream_id","created_at");--> statement-breakpoint
CREATE INDEX "stream_messages_stream_idx" ON "stream_messages" USING btree ("stream_id","created_at");