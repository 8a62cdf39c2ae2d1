CREATE TABLE "report_vehicle_views" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"vehicle_slug" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_vehicle_views_site_id_day_vehicle_slug_pk" PRIMARY KEY("site_id","day","vehicle_slug")
);
--> statement-breakpoint
ALTER TABLE "report_vehicle_views" ADD CONSTRAINT "report_vehicle_views_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;