-- Issue 48 (docs/decisions/066): a deposit made with a promotion code keeps the code, and the bonus
-- granted when it is credited names the deposit, so refunding or disputing it takes back what is
-- left of that bonus first.
ALTER TABLE "credit_grants" ADD COLUMN "deposit_id" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "promotion_id" text;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_grants_deposit_idx" ON "credit_grants" USING btree ("deposit_id") WHERE "credit_grants"."deposit_id" is not null;