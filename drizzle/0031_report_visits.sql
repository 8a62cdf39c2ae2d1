CREATE TABLE "report_visits" (
	"site_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"search_visits" integer DEFAULT 0 NOT NULL,
	"vehicle_visits" integer DEFAULT 0 NOT NULL,
	"enquiry_visits" integer DEFAULT 0 NOT NULL,
	"reservation_visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_visits_site_id_day_channel_pk" PRIMARY KEY("site_id","day","channel")
);
--> statement-breakpoint
ALTER TABLE "report_visits" ADD CONSTRAINT "report_visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;