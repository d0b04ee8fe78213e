-- Issue 48 (docs/decisions/066): promotional credit on the ledger. Each client's credit: account
-- holds their unexpired credit apart from their cash; marketing:promotions pays for every grant and
-- takes back what expires, so its balance is below zero by the credit given and not taken back.
CREATE TABLE "credit_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"promotion_id" text,
	"amount_cents" integer NOT NULL,
	"remaining_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"swept_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_grants_amount_check" CHECK ("credit_grants"."amount_cents" > 0 and "credit_grants"."remaining_cents" between 0 and "credit_grants"."amount_cents" and ("credit_grants"."swept_at" is null or "credit_grants"."remaining_cents" = 0))
);
--> statement-breakpoint
CREATE TABLE "credit_spends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"grant_id" text NOT NULL,
	"reference" text NOT NULL,
	"cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_spends_cents_check" CHECK ("credit_spends"."cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"bonus_percent" integer DEFAULT 0 NOT NULL,
	"min_top_up_cents" integer DEFAULT 0 NOT NULL,
	"max_bonus_cents" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"credit_days" integer NOT NULL,
	"max_redemptions" integer,
	"budget_cents" integer,
	"new_clients_only" boolean DEFAULT false NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"granted_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotions_code_check" CHECK ("promotions"."code" ~ '^[A-Z0-9]{3,32}$'),
	CONSTRAINT "promotions_offer_check" CHECK (("promotions"."credit_cents" > 0 or "promotions"."bonus_percent" > 0) and "promotions"."credit_cents" >= 0 and "promotions"."bonus_percent" between 0 and 100 and ("promotions"."bonus_percent" = 0 or "promotions"."max_bonus_cents" > 0)),
	CONSTRAINT "promotions_window_check" CHECK ("promotions"."ends_at" is null or "promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_limits_check" CHECK ("promotions"."credit_days" between 1 and 365 and ("promotions"."max_redemptions" is null or "promotions"."redemptions" <= "promotions"."max_redemptions") and ("promotions"."budget_cents" is null or "promotions"."granted_cents" <= "promotions"."budget_cents"))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_non_negative";--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_spends" ADD CONSTRAINT "credit_spends_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_grants_promotion_user_key" ON "credit_grants" USING btree ("promotion_id","user_id");--> statement-breakpoint
CREATE INDEX "credit_grants_usable_idx" ON "credit_grants" USING btree ("user_id","expires_at") WHERE "credit_grants"."swept_at" is null;--> statement-breakpoint
CREATE INDEX "credit_grants_expiry_idx" ON "credit_grants" USING btree ("expires_at") WHERE "credit_grants"."swept_at" is null;--> statement-breakpoint
CREATE INDEX "credit_spends_reference_idx" ON "credit_spends" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "credit_spends_grant_idx" ON "credit_spends" USING btree ("grant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_key" ON "promotions" USING btree ("code");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'escrow', 'earnings', 'revenue', 'external', 'payouts_pending', 'disputes', 'hold', 'credit', 'marketing'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."kind" in ('external', 'disputes', 'marketing') or "ledger_accounts"."balance_cents" >= 0);--> statement-breakpoint
INSERT INTO "ledger_accounts" ("id", "kind") VALUES ('marketing:promotions', 'marketing') ON CONFLICT ("id") DO NOTHING;
