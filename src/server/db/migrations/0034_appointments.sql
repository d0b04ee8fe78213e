CREATE TABLE "appointments" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"reader_id" text NOT NULL,
	"session_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"rate_per_minute_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"cancelled_by" text,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"day_reminder_at" timestamp with time zone,
	"soon_reminder_at" timestamp with time zone,
	"client_joined_at" timestamp with time zone,
	"reader_joined_at" timestamp with time zone,
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'missed_by_reader', 'missed_by_client', 'completed')),
	CONSTRAINT "appointments_type_check" CHECK ("appointments"."session_type" in ('chat', 'audio', 'video')),
	CONSTRAINT "appointments_length_check" CHECK ("appointments"."minutes" in (15, 30, 45, 60) and "appointments"."ends_at" = "appointments"."starts_at" + make_interval(mins => "appointments"."minutes")),
	CONSTRAINT "appointments_price_check" CHECK ("appointments"."price_cents" = "appointments"."rate_per_minute_cents" * "appointments"."minutes" and "appointments"."fee_cents" between 0 and "appointments"."price_cents"),
	CONSTRAINT "appointments_cancelled_check" CHECK (("appointments"."status" = 'cancelled') = ("appointments"."cancelled_by" is not null)),
	CONSTRAINT "appointments_settled_check" CHECK (("appointments"."status" in ('pending', 'accepted')) = ("appointments"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "appointment_id" text;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "max_minutes" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_reader_id_user_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_open_slot_key" ON "appointments" USING btree ("reader_id","starts_at") WHERE "appointments"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "appointments_client_idx" ON "appointments" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_reader_idx" ON "appointments" USING btree ("reader_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_open_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "appointments_answer_idx" ON "appointments" USING btree ("answer_by") WHERE "appointments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reading_sessions_one_open_per_appointment" ON "reading_sessions" USING btree ("appointment_id") WHERE "reading_sessions"."status" in ('requested', 'accepted', 'active');--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('stream_live', 'reader_online', 'written_reading_asked', 'written_reading_answered', 'written_reading_refunded', 'appointment_booked', 'appointment_accepted', 'appointment_declined', 'appointment_cancelled', 'appointment_reminder', 'appointment_missed'));--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_appointment_check" CHECK (("reading_sessions"."appointment_id" is null) = ("reading_sessions"."max_minutes" is null) and ("reading_sessions"."appointment_id" is null or "reading_sessions"."free_minutes" = 0));