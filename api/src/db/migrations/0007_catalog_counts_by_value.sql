CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "products_model_rep_idx" ON "products" USING btree ("product_model_id",("stock" > 0) desc,"size_order","sort","id") WHERE "products"."is_published";--> statement-breakpoint
-- List totals are now cached for searches, price ranges, stock and sale filters too (catalog.ts
-- countKey): the words, prices and sale state a total depends on bump the catalogue version when
-- they change, and stock does only when a product sells out or comes back (crosses zero), so a
-- checkout that leaves stock above zero never touches the version row.
CREATE TRIGGER "products_catalog_version_values" AFTER UPDATE OF "search_text", "product_price", "tax_rate", "before_price" ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_catalog_version_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version_stock" AFTER UPDATE OF "stock" ON "products" FOR EACH ROW WHEN ((OLD."stock" > 0) IS DISTINCT FROM (NEW."stock" > 0)) EXECUTE FUNCTION "bump_catalog_version_row"();
