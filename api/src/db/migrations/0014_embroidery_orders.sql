ALTER TABLE "cart_items" ADD COLUMN "embroidery" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "embroidery" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "embroiderable" boolean DEFAULT false NOT NULL;