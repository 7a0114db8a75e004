-- Product list totals are cached in product_list_counts under a catalogue version. Every statement
-- that can change a list's total bumps the version in its own transaction, so a cached total is
-- never used after such a change commits (x-total stays exact). Stock and price updates do not
-- touch the columns below, so checkouts never contend on the version row.
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version" AFTER INSERT OR DELETE OR UPDATE OF "is_published", "product_model_id", "maker_id", "brand_id", "name", "code" ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "product_channels_catalog_version" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "product_channels" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "pmc_catalog_version" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "product_model_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalog_version" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "makers_catalog_version" AFTER INSERT OR DELETE OR UPDATE OF "key" OR TRUNCATE ON "makers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE TRIGGER "brands_catalog_version" AFTER INSERT OR DELETE OR UPDATE OF "key" OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
