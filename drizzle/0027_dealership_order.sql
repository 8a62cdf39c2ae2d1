ALTER TABLE "dealerships" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;