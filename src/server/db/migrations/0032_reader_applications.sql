CREATE TABLE "reader_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"specialties" jsonb NOT NULL,
	"years_experience" integer NOT NULL,
	"bio" text NOT NULL,
	"sample_reading" text NOT NULL,
	"chat_rate_cents" integer NOT NULL,
	"audio_rate_cents" integer NOT NULL,
	"video_rate_cents" integer NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"status_token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"reader_id" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reader_applications_status_check" CHECK ("reader_applications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "reader_applications_sample_check" CHECK (char_length("reader_applications"."sample_reading") between 300 and 3000),
	CONSTRAINT "reader_applications_decision_check" CHECK (("reader_applications"."status" = 'pending') = ("reader_applications"."decided_at" is null) and ("reader_applications"."status" = 'rejected') = ("reader_applications"."rejection_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "reader_applications" ADD CONSTRAINT "reader_applications_reader_id_user_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_applications" ADD CONSTRAINT "reader_applications_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reader_applications_one_open_per_email" ON "reader_applications" USING btree ("email") WHERE "reader_applications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "reader_applications_status_token_key" ON "reader_applications" USING btree ("status_token_hash");--> statement-breakpoint
CREATE INDEX "reader_applications_pending_idx" ON "reader_applications" USING btree ("created_at") WHERE "reader_applications"."status" = 'pending';