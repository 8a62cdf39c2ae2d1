-- Tenancy in the schema (issue 10, part 4): a child row references its parent together with the
-- site, so no row can point at another site's dealership, location, vehicle or lead.
-- 1. the (site_id, id) keys the composite references need
CREATE UNIQUE INDEX "dealerships_site_id" ON "dealerships" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_site_id" ON "leads" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_site_id" ON "locations" USING btree ("site_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_site_id" ON "vehicles" USING btree ("site_id","id");--> statement-breakpoint
-- 2. the single-column references they replace
ALTER TABLE "lead_files" DROP CONSTRAINT "lead_files_lead_id_leads_id_fk";--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_dealership_id_dealerships_id_fk";--> statement-breakpoint
ALTER TABLE "review_summaries" DROP CONSTRAINT "review_summaries_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "special_hours" DROP CONSTRAINT "special_hours_location_id_locations_id_fk";--> statement-breakpoint
ALTER TABLE "vehicles" DROP CONSTRAINT "vehicles_location_id_locations_id_fk";--> statement-breakpoint
-- 3. a lead kept its location and vehicle ids without a reference: one that names a missing or
--    another site's row loses that link (the lead and its payload stay)
UPDATE "leads" SET "location_id" = NULL WHERE "location_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "locations" l WHERE l."site_id" = "leads"."site_id" AND l."id" = "leads"."location_id");--> statement-breakpoint
UPDATE "leads" SET "vehicle_id" = NULL WHERE "vehicle_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "vehicles" v WHERE v."site_id" = "leads"."site_id" AND v."id" = "leads"."vehicle_id");--> statement-breakpoint
-- 4. the composite references; removing a location or car keeps the lead and clears only its link
ALTER TABLE "lead_files" ADD CONSTRAINT "lead_files_lead_fk" FOREIGN KEY ("site_id","lead_id") REFERENCES "public"."leads"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_location_fk" FOREIGN KEY ("site_id","location_id") REFERENCES "public"."locations"("site_id","id") ON DELETE SET NULL ("location_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_vehicle_fk" FOREIGN KEY ("site_id","vehicle_id") REFERENCES "public"."vehicles"("site_id","id") ON DELETE SET NULL ("vehicle_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_dealership_fk" FOREIGN KEY ("site_id","dealership_id") REFERENCES "public"."dealerships"("site_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_summaries" ADD CONSTRAINT "review_summaries_location_fk" FOREIGN KEY ("site_id","location_id") REFERENCES "public"."locations"("site_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_location_fk" FOREIGN KEY ("site_id","location_id") REFERENCES "public"."locations"("site_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_location_fk" FOREIGN KEY ("site_id","location_id") REFERENCES "public"."locations"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_location_fk" FOREIGN KEY ("site_id","location_id") REFERENCES "public"."locations"("site_id","id") ON DELETE no action ON UPDATE no action;
