-- The answer version keys the API's cache of guests' product list and detail answers
-- (api/src/services/products/answer-cache.ts). Unlike catalog_version (0003) it also moves with
-- stock, prices and review figures, so the triggers are deferred to commit: a checkout takes the
-- version row's lock only for the instant of its commit, after every product row it locks, so
-- concurrent checkouts can neither deadlock on it nor hold it while they work. One bump per
-- transaction (a transaction-local setting remembers it), however many rows it changed.
CREATE TABLE "answer_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "answer_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_answer_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.answer_bumped', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('shop.answer_bumped', txid_current()::text, true);
    UPDATE "answer_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_answer_version" AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_answer_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_channels_answer_version" AFTER INSERT OR UPDATE OR DELETE ON "product_channels" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_answer_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_models_answer_version" AFTER INSERT OR UPDATE OR DELETE ON "product_models" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_answer_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pmc_answer_version" AFTER INSERT OR UPDATE OR DELETE ON "product_model_categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_answer_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_answer_version" AFTER INSERT OR UPDATE OR DELETE ON "categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_answer_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "brands_answer_version" AFTER INSERT OR UPDATE OR DELETE ON "brands" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_answer_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "makers_answer_version" AFTER INSERT OR UPDATE OR DELETE ON "makers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_answer_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "review_stats_answer_version" AFTER INSERT OR UPDATE OR DELETE ON "review_stats" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_answer_version"();
--> statement-breakpoint
CREATE FUNCTION "bump_answer_version_now"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "answer_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_answer_version_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_answer_version_now"();
--> statement-breakpoint
CREATE TRIGGER "categories_answer_version_truncate" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_answer_version_now"();
