-- Moderators hide or remove posts and replies with a reason the author sees (issue 26): they no
-- longer edit or delete other people's words. A removed one stays for its author, hidden from
-- everyone else for good; who decided is kept (null once that admin's account is gone).
ALTER TABLE "community_posts" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "moderated_by" text;--> statement-breakpoint
ALTER TABLE "community_replies" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_replies" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "community_replies" ADD COLUMN "moderated_by" text;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_moderated_by_user_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_moderated_by_user_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_removed_check" CHECK ("community_posts"."removed_at" is null or "community_posts"."hidden_at" is not null);--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_moderation_reason_check" CHECK (char_length("community_posts"."moderation_reason") between 3 and 500);--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_removed_check" CHECK ("community_replies"."removed_at" is null or "community_replies"."hidden_at" is not null);--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_moderation_reason_check" CHECK (char_length("community_replies"."moderation_reason") between 3 and 500);