CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" integer NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"resource" text NOT NULL,
	"location_id" integer NOT NULL,
	"vehicle_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"seat" integer NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_seat" CHECK ("bookings"."seat" >= 1),
	CONSTRAINT "bookings_span" CHECK ("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_fk" FOREIGN KEY ("site_id","lead_id") REFERENCES "public"."leads"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_hold" ON "bookings" USING btree ("site_id","resource","starts_at","seat") WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bookings_lead" ON "bookings" USING btree ("site_id","lead_id");--> statement-breakpoint
CREATE INDEX "vehicles_site_stock" ON "vehicles" USING btree ("site_id","stock_number");