ALTER TABLE "sites" ADD COLUMN "timezone_set" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Australian locations were given their site's zone whatever their state: each now takes its state's.
UPDATE "locations" AS l SET "timezone" = z.zone
FROM "sites" AS s, (VALUES
  ('QLD', 'Australia/Brisbane'), ('NSW', 'Australia/Sydney'), ('ACT', 'Australia/Sydney'), ('VIC', 'Australia/Melbourne'),
  ('TAS', 'Australia/Hobart'), ('SA', 'Australia/Adelaide'), ('NT', 'Australia/Darwin'), ('WA', 'Australia/Perth')
) AS z(state, zone)
WHERE s."id" = l."site_id" AND s."country" = 'AU' AND upper(trim(l."address"->>'state')) = z.state AND l."timezone" <> z.zone;
