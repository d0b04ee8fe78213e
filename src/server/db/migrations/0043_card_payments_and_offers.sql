CREATE TABLE "card_payments" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_sends" (
	"promotion_id" text NOT NULL,
	"user_id" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_sends_promotion_id_user_id_pk" PRIMARY KEY("promotion_id","user_id"),
	CONSTRAINT "offer_sends_outcome_check" CHECK ("offer_sends"."outcome" in ('sent', 'withheld'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "offer_sends" ADD CONSTRAINT "offer_sends_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_sends" ADD CONSTRAINT "offer_sends_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_payments_fingerprint_idx" ON "card_payments" USING btree ("fingerprint");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('stream_live', 'reader_online', 'written_reading_asked', 'written_reading_answered', 'written_reading_refunded', 'appointment_booked', 'appointment_accepted', 'appointment_declined', 'appointment_cancelled', 'appointment_reminder', 'appointment_missed', 'promotion'));