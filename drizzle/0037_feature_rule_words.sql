-- The platform's first rules said where they came from by a section number of a document that is not
-- in the repository. They now say the rule in words, as FEATURE_RULES in src/domain/site/features.ts
-- does. Only a rule still worded as it was seeded changes: an operator's own wording stays.
UPDATE "feature_rules" SET "why" = 'The word used is displayed as pre-owned for one dealership group', "updated_at" = now() WHERE "key" = 'spec:pre-owned-group' AND "why" = 'SPEC §2: the word used is displayed as pre-owned for one dealership group';--> statement-breakpoint
UPDATE "feature_rules" SET "why" = 'Link rules: on one brand, /blog is rewritten to /news', "updated_at" = now() WHERE "key" = 'spec:news-brand' AND "why" = 'SPEC §2 link rules: on one brand, /blog is rewritten to /news';--> statement-breakpoint
UPDATE "feature_rules" SET "why" = 'Two brands use a fixed dealership slug (rv-sales)', "updated_at" = now() WHERE "key" = 'spec:rv-sales' AND "why" = 'SPEC §7: two brands use a fixed dealership slug (rv-sales)';--> statement-breakpoint
UPDATE "feature_rules" SET "why" = 'Two brands use a fixed dealership slug (360-finance)', "updated_at" = now() WHERE "key" = 'spec:360-finance' AND "why" = 'SPEC §7: two brands use a fixed dealership slug (360-finance)';--> statement-breakpoint
UPDATE "feature_rules" SET "why" = 'On mock or demo sites the lead base is /mock instead of /api', "updated_at" = now() WHERE "key" = 'spec:mock-leads' AND "why" = 'SPEC §7: on mock or demo sites the lead base is /mock instead of /api';
