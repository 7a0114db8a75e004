CREATE TABLE "banner_files" (
	"banner_id" integer PRIMARY KEY NOT NULL,
	"upload_file_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"alias" text NOT NULL,
	"title" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "layouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"page" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banner_files" ADD CONSTRAINT "banner_files_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_files" ADD CONSTRAINT "banner_files_upload_file_id_upload_files_id_fk" FOREIGN KEY ("upload_file_id") REFERENCES "public"."upload_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "layouts" ADD CONSTRAINT "layouts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_channel_alias_uq" ON "collections" USING btree ("channel_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "layouts_channel_page_uq" ON "layouts" USING btree ("channel_id","page");--> statement-breakpoint
CREATE TRIGGER "layouts_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "layouts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "collections_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "collections" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
--> statement-breakpoint
CREATE TRIGGER "banner_files_content_state" AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON "banner_files" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_state"();
