ALTER TABLE "review_summaries" ADD COLUMN "distribution" jsonb;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "gmb_profile_id" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "gmb_profiles" jsonb DEFAULT '[]'::jsonb NOT NULL;