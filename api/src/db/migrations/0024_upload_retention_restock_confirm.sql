ALTER TABLE "product_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_requests" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "product_requests" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "product_requests_confirm_token_uq" ON "product_requests" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "uploaded_files_unattached_idx" ON "uploaded_files" USING btree ("created_at") WHERE "uploaded_files"."attached_at" is null;--> statement-breakpoint
-- Hand-written: uploads an inquiry already carries are attached (kept for good), and restock
-- requests made before confirmation existed are confirmed (they were accepted under the old rules).
UPDATE "uploaded_files" SET "attached_at" = "created_at" WHERE "key" IN (
  SELECT substring("payload"->>'attachment_url' from '/v1/upload-files/([a-f0-9]{32}\.[a-z]+)$') FROM "inquiries" WHERE "payload"->>'attachment_url' IS NOT NULL
);--> statement-breakpoint
UPDATE "product_requests" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
