CREATE TABLE "review_stats" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"review_count" integer NOT NULL,
	"rating_sum" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_model_rep_idx";--> statement-breakpoint
CREATE INDEX "products_model_rank_idx" ON "products" USING btree ("product_model_id",("stock" <= 0),coalesce("size_order", 32767),"sort","id") WHERE "products"."is_published";--> statement-breakpoint
-- review_stats: one row per review scope (a model, or -id of a product without one), recounted from
-- product_reviews by the triggers below whenever a review or a product's model changes. A recount of
-- one scope reads that scope's reviews only (product_reviews_product_idx), so writes stay cheap and
-- the product list reads one row per card.
CREATE FUNCTION "review_scope"(product_id integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(p.product_model_id, -p.id) FROM products p WHERE p.id = product_id
$$;--> statement-breakpoint
CREATE FUNCTION "recount_review_stats"(scope integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE n integer; total integer;
BEGIN
  IF scope IS NULL THEN RETURN; END IF;
  IF scope > 0 THEN
    SELECT count(*), coalesce(sum(r.rating), 0) INTO n, total FROM product_reviews r
      WHERE r.product_id IN (SELECT id FROM products WHERE product_model_id = scope);
  ELSE
    SELECT count(*), coalesce(sum(r.rating), 0) INTO n, total FROM product_reviews r
      WHERE r.product_id = -scope AND (SELECT product_model_id FROM products WHERE id = -scope) IS NULL;
  END IF;
  IF n = 0 THEN
    DELETE FROM review_stats WHERE group_id = scope;
  ELSE
    INSERT INTO review_stats (group_id, review_count, rating_sum) VALUES (scope, n, total)
      ON CONFLICT (group_id) DO UPDATE SET review_count = excluded.review_count, rating_sum = excluded.rating_sum;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_reviews_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM recount_review_stats(review_scope(OLD.product_id)); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM recount_review_stats(review_scope(NEW.product_id)); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_reviews_stats" AFTER INSERT OR DELETE OR UPDATE OF "product_id", "rating" ON "product_reviews"
  FOR EACH ROW EXECUTE FUNCTION "product_reviews_stats"();--> statement-breakpoint
CREATE FUNCTION "products_review_scope"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM recount_review_stats(coalesce(OLD.product_model_id, -OLD.id));
  IF TG_OP = 'UPDATE' THEN PERFORM recount_review_stats(coalesce(NEW.product_model_id, -NEW.id)); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deleted product's reviews go with it (ON DELETE CASCADE, whose trigger fires first): recount its scope.
CREATE TRIGGER "products_review_scope_delete" AFTER DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_review_scope"();--> statement-breakpoint
CREATE TRIGGER "products_review_scope" AFTER UPDATE OF "product_model_id" ON "products"
  FOR EACH ROW WHEN (OLD."product_model_id" IS DISTINCT FROM NEW."product_model_id") EXECUTE FUNCTION "products_review_scope"();--> statement-breakpoint
INSERT INTO "review_stats" ("group_id", "review_count", "rating_sum")
  SELECT coalesce(p.product_model_id, -p.id), count(*), sum(r.rating) FROM "product_reviews" r JOIN "products" p ON p.id = r.product_id
  GROUP BY 1;--> statement-breakpoint
-- A list page's ids, facets and suggestions are cached under the catalogue version (catalog.ts):
-- the columns a list is ordered by, the representative's rank, and what a suggestion shows (image,
-- the model's name) bump it too.
CREATE TRIGGER "products_catalog_version_order" AFTER UPDATE OF "sort", "created_at", "popularity", "size_order", "image" ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "product_models_catalog_version" AFTER INSERT OR DELETE OR UPDATE OF "name" ON "product_models"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
