ALTER TABLE "user_memorials" ADD COLUMN "reminded_for_year" smallint;--> statement-breakpoint
CREATE INDEX "bookmarks_user_created_idx" ON "bookmarks" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_requests_user_created_idx" ON "product_requests" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "system_messages_user_created_idx" ON "system_messages" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_lists_user_created_idx" ON "user_lists" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "user_memorials_reminder_idx" ON "user_memorials" USING btree ("month","date") WHERE "user_memorials"."call";