CREATE TABLE "catalog_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"catalog_id" integer,
	"user_id" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leadtime_regions" (
	"prefecture" text PRIMARY KEY NOT NULL,
	"days" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packings" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"order_id" integer,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"provider_ref" text,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"channel_id" text NOT NULL,
	"order_id" integer NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"address" jsonb,
	"delivery_date" date,
	"delivery_timezone" text,
	"expires_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_gifts_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "social_gifts_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "business_dates" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "cart_shippings" ADD COLUMN "noshi_type" text;--> statement-breakpoint
ALTER TABLE "cart_shippings" ADD COLUMN "noshi_name" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "is_social_gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "transaction_error" jsonb;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "channel_id" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_discount" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "used_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipping_index" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "coupon_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_packing" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "earned_point" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_detail" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "others" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_social_gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "granted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "point_balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_orders" ADD CONSTRAINT "catalog_orders_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_orders" ADD CONSTRAINT "catalog_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packings" ADD CONSTRAINT "packings_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_gifts" ADD CONSTRAINT "social_gifts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_gifts" ADD CONSTRAINT "social_gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packings_channel_key_uq" ON "packings" USING btree ("channel_id","key");--> statement-breakpoint
CREATE INDEX "payment_transactions_cart_idx" ON "payment_transactions" USING btree ("cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_ref_uq" ON "payment_transactions" USING btree ("provider","provider_ref");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_point_balance_nonneg" CHECK ("users"."point_balance" >= 0);--> statement-breakpoint
-- Balances of members who already have point history (the history stays the record; the balance is its sum).
UPDATE "users" u SET "point_balance" = greatest(0, h.total) FROM (SELECT "user_id", sum("amount")::int AS total FROM "point_histories" GROUP BY "user_id") h WHERE h."user_id" = u."id";
