CREATE TABLE "shipping_addresses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"address" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_cart_items" (
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_cart_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "shop_cart_items_quantity_check" CHECK ("shop_cart_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "shop_shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"seller_id" text,
	"status" text DEFAULT 'paid' NOT NULL,
	"items_cents" integer NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"seller_refunded_cents" integer DEFAULT 0 NOT NULL,
	"platform_carried_cents" integer DEFAULT 0 NOT NULL,
	"shipped_mail_due" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_shipments_status_check" CHECK ("shop_shipments"."status" in ('paid', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "shop_shipments_cents_check" CHECK ("shop_shipments"."items_cents" > 0 and "shop_shipments"."refunded_cents" in (0, "shop_shipments"."items_cents") and "shop_shipments"."seller_refunded_cents" >= 0 and "shop_shipments"."platform_carried_cents" >= 0 and "shop_shipments"."seller_refunded_cents" + "shop_shipments"."platform_carried_cents" <= "shop_shipments"."refunded_cents")
);
--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "shipping_addresses" ADD CONSTRAINT "shipping_addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_items" ADD CONSTRAINT "shop_cart_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cart_items" ADD CONSTRAINT "shop_cart_items_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_shipments" ADD CONSTRAINT "shop_shipments_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_shipments" ADD CONSTRAINT "shop_shipments_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_shipments_order_idx" ON "shop_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_shipments_seller_idx" ON "shop_shipments" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_shipments_shipped_mail_idx" ON "shop_shipments" USING btree ("id") WHERE "shop_shipments"."shipped_mail_due";