CREATE TABLE "user_name_embroideries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"font" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_name_embroideries_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
-- `call` was free text nobody wrote; it is now the reminder flag (any text that was there counts as "yes").
ALTER TABLE "user_memorials" ALTER COLUMN "call" SET DATA TYPE boolean USING (coalesce("call", '') NOT IN ('', '0', 'false'));--> statement-breakpoint
ALTER TABLE "user_memorials" ALTER COLUMN "call" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "user_memorials" ALTER COLUMN "call" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_memorials" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_name_embroideries" ADD CONSTRAINT "user_name_embroideries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_memorials_user_idx" ON "user_memorials" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "user_memorials" ADD CONSTRAINT "user_memorials_month_range" CHECK ("user_memorials"."month" between 1 and 12);--> statement-breakpoint
ALTER TABLE "user_memorials" ADD CONSTRAINT "user_memorials_date_range" CHECK ("user_memorials"."date" between 1 and 31);