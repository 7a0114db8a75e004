CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "product_requests" ADD COLUMN "channel_id" text;--> statement-breakpoint
ALTER TABLE "product_requests" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "product_requests" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_order" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_histories_guest_idx" ON "product_histories" USING btree ("guest_token","viewed_at");--> statement-breakpoint
CREATE INDEX "product_requests_pending_idx" ON "product_requests" USING btree ("product_id") WHERE "product_requests"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "product_search_histories_user_idx" ON "product_search_histories" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_list_popular_idx" ON "products" USING btree ("popularity" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."is_published";