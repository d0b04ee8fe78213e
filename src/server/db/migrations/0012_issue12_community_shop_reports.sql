CREATE TABLE "community_likes" (
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_post_views" (
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "community_post_views_post_id_user_id_day_pk" PRIMARY KEY("post_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "community_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_posts_title_check" CHECK (char_length("community_posts"."title") between 5 and 150),
	CONSTRAINT "community_posts_content_check" CHECK (char_length("community_posts"."content") between 10 and 10000),
	CONSTRAINT "community_posts_tags_check" CHECK (coalesce(array_length("community_posts"."tags", 1), 0) <= 5),
	CONSTRAINT "community_posts_counts_check" CHECK ("community_posts"."reply_count" >= 0 and "community_posts"."view_count" >= 0 and "community_posts"."like_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "community_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"author_id" text NOT NULL,
	"content" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_replies_content_check" CHECK (char_length("community_replies"."content") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"reporter_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('post', 'reply', 'review', 'stream_message')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'hidden', 'dismissed')),
	CONSTRAINT "reports_reason_check" CHECK (char_length("reports"."reason") between 3 and 500)
);
--> statement-breakpoint
CREATE TABLE "shop_order_items" (
	"order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"seller_id" text,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"seller_cents" integer NOT NULL,
	"platform_cents" integer NOT NULL,
	CONSTRAINT "shop_order_items_order_id_product_id_pk" PRIMARY KEY("order_id","product_id"),
	CONSTRAINT "shop_order_items_quantity_check" CHECK ("shop_order_items"."quantity" between 1 and 99),
	CONSTRAINT "shop_order_items_split_check" CHECK ("shop_order_items"."quantity" * "shop_order_items"."unit_price_cents" = "shop_order_items"."seller_cents" + "shop_order_items"."platform_cents" and "shop_order_items"."seller_cents" >= 0 and "shop_order_items"."platform_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"total_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_total_check" CHECK ("shop_orders"."total_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_products" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"category" text NOT NULL,
	"image_url" text,
	"is_digital" boolean NOT NULL,
	"digital_content" text,
	"stock" integer,
	"is_featured" boolean DEFAULT false NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_products_name_check" CHECK (char_length("shop_products"."name") between 3 and 120),
	CONSTRAINT "shop_products_price_check" CHECK ("shop_products"."price_cents" between 100 and 100000),
	CONSTRAINT "shop_products_kind_check" CHECK (("shop_products"."is_digital" and "shop_products"."digital_content" is not null and "shop_products"."stock" is null) or (not "shop_products"."is_digital" and "shop_products"."stock" is not null)),
	CONSTRAINT "shop_products_stock_check" CHECK ("shop_products"."stock" is null or "shop_products"."stock" >= 0),
	CONSTRAINT "shop_products_rating_check" CHECK ("shop_products"."rating_sum" >= 0 and "shop_products"."rating_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "review_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_likes" ADD CONSTRAINT "community_likes_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_likes" ADD CONSTRAINT "community_likes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_views" ADD CONSTRAINT "community_post_views_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_views" ADD CONSTRAINT "community_post_views_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_replies" ADD CONSTRAINT "community_replies_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_product_id_shop_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."shop_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_products" ADD CONSTRAINT "shop_products_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_posts_list_idx" ON "community_posts" USING btree ("is_pinned" DESC NULLS LAST,"is_featured" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_posts_category_idx" ON "community_posts" USING btree ("category","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_posts_author_idx" ON "community_posts" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_replies_post_idx" ON "community_replies" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_reporter" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "shop_order_items_product_idx" ON "shop_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_client_key" ON "shop_orders" USING btree ("client_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "shop_orders_client_idx" ON "shop_orders" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_products_category_idx" ON "shop_products" USING btree ("category","price_cents");--> statement-breakpoint
CREATE INDEX "shop_products_seller_idx" ON "shop_products" USING btree ("seller_id");