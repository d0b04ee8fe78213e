CREATE TABLE "deposit_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"deposit_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_refunds_amount_positive" CHECK ("deposit_refunds"."amount_cents" > 0),
	CONSTRAINT "deposit_refunds_status_check" CHECK ("deposit_refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"status" text NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "payout_accounts_status_check" CHECK ("payout_accounts"."status" in ('pending', 'enabled', 'restricted'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_non_negative";--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_status_check";--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "deposit_refunds" ADD CONSTRAINT "deposit_refunds_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_refunds" ADD CONSTRAINT "deposit_refunds_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_refunds_deposit_idx" ON "deposit_refunds" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_checkout_session_key" ON "deposits" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_payment_intent_key" ON "deposits" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "deposits_open_dispute_idx" ON "deposits" USING btree ("user_id") WHERE "deposits"."dispute_status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_transfer_key" ON "payouts" USING btree ("transfer_id");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_dispute_status_check" CHECK ("deposits"."dispute_status" in ('open', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'escrow', 'earnings', 'revenue', 'external', 'payouts_pending', 'disputes'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."kind" in ('external', 'disputes') or "ledger_accounts"."balance_cents" >= 0);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'paid', 'rejected', 'failed'));