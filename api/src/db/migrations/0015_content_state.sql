CREATE TABLE "content_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The content version: every statement that writes content the pre-rendered pages are built from
-- bumps it in its own transaction, whoever runs it (editor API, seed, script, psql). The storefront
-- polls it (GET /v1/content-state) and syncs and rebuilds when it moves. A new content table adds
-- its own trigger here (a later migration) with the same function.
INSERT INTO "content_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_content_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_state" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "blogs_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "blogs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "news_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "news" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "qa_categories_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "qa_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "qas_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "qas" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "static_pages_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "static_pages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "landing_pages_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "landing_pages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "banners_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "popups_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "popups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "free_areas_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "free_areas" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "messages_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "messages" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "tags_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "catalogs_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "catalogs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "makers_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "makers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "brands_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "stylists_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "stylists" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "settings_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "colorschemes_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "colorschemes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "channels_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "channels" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
