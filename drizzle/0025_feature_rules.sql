CREATE TABLE "feature_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text,
	"position" integer DEFAULT 0 NOT NULL,
	"why" text NOT NULL,
	"match" jsonb NOT NULL,
	"set" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_rules_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX "feature_rules_position" ON "feature_rules" USING btree ("position","id");--> statement-breakpoint
-- SPEC §1/§2/§7's own derivations (src/domain/site/features.ts FEATURE_RULES), the platform's first rules
INSERT INTO "feature_rules" ("key", "position", "why", "match", "set") VALUES
('spec:pre-owned-group', 10, 'SPEC §2: the word used is displayed as pre-owned for one dealership group', '{"group":"Harbour City Automotive"}'::jsonb, '{"used_wording_pre_owned":true,"push_leads_to_primary_location":true}'::jsonb),
('spec:news-brand', 20, 'SPEC §2 link rules: on one brand, /blog is rewritten to /news', '{"manufacturer":{"pattern":"^yamaha$","flags":"i"}}'::jsonb, '{"blog_path_news":true}'::jsonb),
('spec:rv-sales', 30, 'SPEC §7: two brands use a fixed dealership slug (rv-sales)', '{"slug":{"pattern":"(^|-)rv($|-)"}}'::jsonb, '{"fixed_dealership_slug":"rv-sales"}'::jsonb),
('spec:360-finance', 40, 'SPEC §7: two brands use a fixed dealership slug (360-finance)', '{"name":{"pattern":"360 finance","flags":"i"}}'::jsonb, '{"fixed_dealership_slug":"360-finance"}'::jsonb),
('spec:mock-leads', 50, 'SPEC §7: on mock or demo sites the lead base is /mock instead of /api', '{"slug":{"pattern":"^(demo|mock)-"}}'::jsonb, '{"mock_leads":true}'::jsonb);
