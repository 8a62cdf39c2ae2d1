ALTER TABLE "sites" ADD COLUMN "secrets" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- the conversions API token leaves the site record (it travelled to every component with it)
UPDATE "sites" SET "secrets" = jsonb_build_object('facebook_capi_token', "integrations"->'facebook_capi_token'),
  "integrations" = "integrations" - 'facebook_capi_token'
  WHERE "integrations" ? 'facebook_capi_token';
