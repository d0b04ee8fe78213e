CREATE TABLE "contact_masks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"context" text NOT NULL,
	"subject_id" text NOT NULL,
	"original" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_masks_context_check" CHECK ("contact_masks"."context" in ('chat', 'written_question', 'written_answer', 'stream_chat', 'bio', 'review'))
);
--> statement-breakpoint
CREATE TABLE "reader_client_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"reader_id" text NOT NULL,
	"client_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reader_client_notes_text_check" CHECK (char_length("reader_client_notes"."text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "user_blocks_not_self_check" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."blocked_id"),
	CONSTRAINT "user_blocks_reason_check" CHECK ("user_blocks"."reason" is null or char_length("user_blocks"."reason") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_type_check";--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_masks" ADD CONSTRAINT "contact_masks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_client_notes" ADD CONSTRAINT "reader_client_notes_reader_id_user_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_client_notes" ADD CONSTRAINT "reader_client_notes_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_user_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_user_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_masks_user_idx" ON "contact_masks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reader_client_notes_pair_idx" ON "reader_client_notes" USING btree ("reader_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('post', 'reply', 'review', 'stream_message', 'user'));