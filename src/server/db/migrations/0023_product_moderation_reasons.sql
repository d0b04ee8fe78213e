-- An admin hides a product with a reason its seller sees, as for posts and replies (issue 26):
-- who decided is kept (null once that admin's account is gone). Products hidden before keep a
-- null reason.
ALTER TABLE "shop_products" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "shop_products" ADD COLUMN "moderated_by" text;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_moderated_by_user_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_moderation_reason_check" CHECK ("shop_products"."moderation_reason" is null or ("shop_products"."hidden_at" is not null and char_length("shop_products"."moderation_reason") between 3 and 500));