CREATE TABLE "photo_fetches" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"import_id" integer NOT NULL,
	"stock_number" text NOT NULL,
	"url" text NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"key" text,
	"width" integer,
	"height" integer,
	"downloaded" boolean DEFAULT false NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_fetches" ADD CONSTRAINT "photo_fetches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_fetches" ADD CONSTRAINT "photo_fetches_vehicle_fk" FOREIGN KEY ("site_id","vehicle_id") REFERENCES "public"."vehicles"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_fetches_due" ON "photo_fetches" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "photo_fetches_import" ON "photo_fetches" USING btree ("site_id","import_id");--> statement-breakpoint
CREATE INDEX "photo_fetches_vehicle" ON "photo_fetches" USING btree ("site_id","vehicle_id");