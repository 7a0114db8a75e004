ALTER TABLE "products" ADD COLUMN "channel_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- products.channel_ids follows product_channels: after each statement on it, the products it touched
-- get their channels again (sorted), so a list filters the channel on the row it already reads. One
-- trigger per event (a trigger with transition tables may have only one).
CREATE FUNCTION "products_sync_channel_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "products" p SET "channel_ids" = coalesce((SELECT array_agg(pc."channel_id" ORDER BY pc."channel_id")
        FROM "product_channels" pc WHERE pc."product_id" = p."id"), '{}')
      WHERE p."id" IN (SELECT "product_id" FROM new_rows);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "products" p SET "channel_ids" = coalesce((SELECT array_agg(pc."channel_id" ORDER BY pc."channel_id")
        FROM "product_channels" pc WHERE pc."product_id" = p."id"), '{}')
      WHERE p."id" IN (SELECT "product_id" FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_channels_sync_insert" AFTER INSERT ON "product_channels" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "products_sync_channel_ids"();
--> statement-breakpoint
CREATE TRIGGER "product_channels_sync_update" AFTER UPDATE ON "product_channels" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "products_sync_channel_ids"();
--> statement-breakpoint
CREATE TRIGGER "product_channels_sync_delete" AFTER DELETE ON "product_channels" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "products_sync_channel_ids"();
--> statement-breakpoint
UPDATE "products" p SET "channel_ids" = coalesce((SELECT array_agg(pc."channel_id" ORDER BY pc."channel_id")
    FROM "product_channels" pc WHERE pc."product_id" = p."id"), '{}');
