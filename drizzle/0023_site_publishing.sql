ALTER TABLE "sites" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "no_stock_yet" boolean DEFAULT false NOT NULL;