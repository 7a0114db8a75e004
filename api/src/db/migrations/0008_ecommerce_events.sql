CREATE TABLE "ecommerce_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"args" jsonb NOT NULL,
	"token" text,
	"logreco_rcmd_ct" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ecommerce_events" ADD CONSTRAINT "ecommerce_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ecommerce_events_created_idx" ON "ecommerce_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ecommerce_events_name_idx" ON "ecommerce_events" USING btree ("name","created_at");