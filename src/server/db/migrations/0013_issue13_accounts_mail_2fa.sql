CREATE TABLE "mail_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"links" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "decision_mail_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "receipt_mail_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "review_mail_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_due_idx" ON "mail_messages" USING btree ("next_attempt_at") WHERE "mail_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "mail_messages_to_idx" ON "mail_messages" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "two_factor_user_id_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_secret_idx" ON "two_factor" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "payouts_decision_mail_idx" ON "payouts" USING btree ("id") WHERE "payouts"."decision_mail_due";--> statement-breakpoint
CREATE INDEX "reading_sessions_receipt_mail_idx" ON "reading_sessions" USING btree ("id") WHERE "reading_sessions"."receipt_mail_due";--> statement-breakpoint
CREATE INDEX "reading_sessions_review_mail_idx" ON "reading_sessions" USING btree ("id") WHERE "reading_sessions"."review_mail_due";