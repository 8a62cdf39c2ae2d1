CREATE TABLE "lead_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"lead_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_delivery_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"detail" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "lead_delivery" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD CONSTRAINT "lead_deliveries_lead_fk" FOREIGN KEY ("site_id","lead_id") REFERENCES "public"."leads"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_delivery_attempts" ADD CONSTRAINT "lead_delivery_attempts_delivery_id_lead_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."lead_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_once" ON "lead_deliveries" USING btree ("lead_id","channel","target");--> statement-breakpoint
CREATE INDEX "lead_deliveries_due" ON "lead_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "lead_delivery_attempts_delivery" ON "lead_delivery_attempts" USING btree ("delivery_id");