CREATE TABLE "vehicle_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"old_price" integer,
	"new_price" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_price_changes" ADD CONSTRAINT "vehicle_price_changes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_price_changes" ADD CONSTRAINT "vehicle_price_changes_vehicle_fk" FOREIGN KEY ("site_id","vehicle_id") REFERENCES "public"."vehicles"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_price_changes_site_time" ON "vehicle_price_changes" USING btree ("site_id","changed_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_vehicle_price_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "vehicle_price_changes" ("site_id", "vehicle_id", "old_price", "new_price") VALUES (NEW."site_id", NEW."id", OLD."price", NEW."price");
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "vehicles_price_change" AFTER UPDATE OF "price" ON "vehicles"
  FOR EACH ROW WHEN (OLD."price" IS DISTINCT FROM NEW."price") EXECUTE FUNCTION record_vehicle_price_change();
