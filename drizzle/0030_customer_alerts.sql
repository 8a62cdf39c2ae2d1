CREATE TABLE "alert_digests" (
	"user_id" text NOT NULL,
	"site_id" integer NOT NULL,
	"last_sent_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "alert_digests_user_id_site_id_pk" PRIMARY KEY("user_id","site_id")
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD COLUMN "alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD COLUMN "alert_price" integer;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD COLUMN "alert_status" text;--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_user_id_customer_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_items_alerts" ON "watchlist_items" USING btree ("site_id","vehicle_id") WHERE alerts;