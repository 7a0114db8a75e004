CREATE TABLE "coupon_mailbox_uses" (
	"coupon_id" integer NOT NULL,
	"mailbox" text NOT NULL,
	"order_id" integer,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_mailbox_uses_coupon_id_mailbox_pk" PRIMARY KEY("coupon_id","mailbox")
);
--> statement-breakpoint
CREATE TABLE "payment_callback_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_callback_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "coupon_mailbox_uses" ADD CONSTRAINT "coupon_mailbox_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_mailbox_uses_order_idx" ON "coupon_mailbox_uses" USING btree ("order_id");--> statement-breakpoint
-- Hand-written backfill: every coupon use so far, keyed by the mailbox of the e-mail its order was
-- placed with (else the member's current one), with mailboxKey's rule (api/src/lib/mailbox.ts:
-- NFKC, trimmed, lower case, a plus tag after a non-empty local part dropped). The first use of a mailbox wins.
INSERT INTO "coupon_mailbox_uses" ("coupon_id", "mailbox", "order_id", "used_at")
SELECT uc."coupon_id",
       regexp_replace(lower(btrim(normalize(coalesce(o."customer"->>'email', u."email"), NFKC))), '^([^@+]+)\+[^@]*@', '\1@'),
       uc."order_id", uc."used_at"
FROM "user_coupons" uc
JOIN "users" u ON u."id" = uc."user_id"
LEFT JOIN "orders" o ON o."id" = uc."order_id"
WHERE uc."used_at" IS NOT NULL AND coalesce(o."customer"->>'email', u."email") IS NOT NULL
ORDER BY uc."used_at"
ON CONFLICT DO NOTHING;
