CREATE TABLE "school_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_channel_username_uq";--> statement-breakpoint
DROP INDEX "users_channel_email_uq";--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "synced_from_user_id" integer;--> statement-breakpoint
ALTER TABLE "school_keys" ADD CONSTRAINT "school_keys_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_keys_channel_key_uq" ON "school_keys" USING btree ("channel_id","key");--> statement-breakpoint
CREATE INDEX "outbox_emails_due_idx" ON "outbox_emails" USING btree ("next_attempt_at") WHERE "outbox_emails"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_channel_username_uq" ON "users" USING btree ("channel_id",lower("username")) WHERE not "users"."is_guest" and "users"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_channel_email_uq" ON "users" USING btree ("channel_id",lower("email")) WHERE not "users"."is_guest" and "users"."deleted_at" is null;