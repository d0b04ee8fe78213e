-- Issue 48 (docs/decisions/066): the welcome offer is a promotion given with a new client's first
-- top-up without a code; 'Take a break' pauses a client's own account (no funds, nothing paid, no
-- offers) until its end, which they cannot bring forward.
CREATE TABLE "account_breaks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_breaks_window_check" CHECK ("account_breaks"."ends_at" > "account_breaks"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "is_welcome" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_breaks" ADD CONSTRAINT "account_breaks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;