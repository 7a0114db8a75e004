CREATE TABLE "order_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"editor_id" integer,
	"editor_name" text,
	"action" text NOT NULL,
	"message" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipping_index" smallint NOT NULL,
	"carrier" text NOT NULL,
	"tracking_no" text NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"editor_id" integer,
	"editor_name" text
);
--> statement-breakpoint
CREATE TABLE "staff_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"editor_id" integer,
	"editor_login" text NOT NULL,
	"editor_name" text NOT NULL,
	"editor_role" text NOT NULL,
	"channel_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "editor_sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "editors" ADD COLUMN "role" text DEFAULT 'editor' NOT NULL;--> statement-breakpoint
ALTER TABLE "point_histories" ADD COLUMN "request_key" text;--> statement-breakpoint
ALTER TABLE "order_histories" ADD CONSTRAINT "order_histories_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_histories_order_idx" ON "order_histories" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_order_index_uq" ON "order_shipments" USING btree ("order_id","shipping_index");--> statement-breakpoint
CREATE INDEX "staff_audit_log_at_idx" ON "staff_audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_audit_log_target_idx" ON "staff_audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "staff_audit_log_editor_idx" ON "staff_audit_log" USING btree ("editor_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_histories_request_key_uq" ON "point_histories" USING btree ("request_key") WHERE "point_histories"."request_key" is not null;--> statement-breakpoint
ALTER TABLE "editors" ADD CONSTRAINT "editors_role" CHECK ("editors"."role" in ('editor', 'staff', 'admin'));--> statement-breakpoint

-- The audit log is append-only: no statement may change or remove an entry.
CREATE FUNCTION "staff_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit_log is append-only (% refused)', TG_OP USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "staff_audit_log_no_update" BEFORE UPDATE OR DELETE ON "staff_audit_log" FOR EACH ROW EXECUTE FUNCTION "staff_audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "staff_audit_log_no_truncate" BEFORE TRUNCATE ON "staff_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "staff_audit_log_append_only"();
