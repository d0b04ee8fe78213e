CREATE TABLE "auto_reload_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"threshold_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"card_id" text,
	"in_flight_key" text,
	"in_flight_since" timestamp with time zone,
	"failure_message" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_reload_amounts_check" CHECK ("auto_reload_settings"."threshold_cents" >= 0 and "auto_reload_settings"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "auto_reload_settings" ADD CONSTRAINT "auto_reload_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reload_settings" ADD CONSTRAINT "auto_reload_settings_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_reload_enabled_idx" ON "auto_reload_settings" USING btree ("user_id") WHERE "auto_reload_settings"."enabled";