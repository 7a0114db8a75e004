CREATE TABLE "catalog_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_list_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_list_default_idx" ON "products" USING btree ("sort","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_list_new_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_list_price_idx" ON "products" USING btree (("product_price" * (100 + "tax_rate")),"id") WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");