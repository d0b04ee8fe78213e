-- Issue 43: a device is pushed to only while its person is signed in there, so each subscription
-- names the session it was made under. Devices saved before this have none: they are forgotten
-- (with any push still waiting for them), and the settings page saves a browser's subscription
-- again, under its session, when next opened there.
DELETE FROM "push_subscriptions";--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");