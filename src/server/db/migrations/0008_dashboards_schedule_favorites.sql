CREATE TABLE "favorite_readers" (
	"client_id" text NOT NULL,
	"reader_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_readers_client_id_reader_id_pk" PRIMARY KEY("client_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "reader_availability" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reader_id" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "reader_availability_slot_check" CHECK ("reader_availability"."weekday" between 0 and 6 and "reader_availability"."start_minute" >= 0 and "reader_availability"."end_minute" <= 1440 and "reader_availability"."start_minute" < "reader_availability"."end_minute")
);
--> statement-breakpoint
ALTER TABLE "reader_profiles" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "favorite_readers" ADD CONSTRAINT "favorite_readers_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_readers" ADD CONSTRAINT "favorite_readers_reader_id_user_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_availability" ADD CONSTRAINT "reader_availability_reader_id_user_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_readers_reader_idx" ON "favorite_readers" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "reader_availability_reader_idx" ON "reader_availability" USING btree ("reader_id","weekday","start_minute");