CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"last_name" text,
	"phone" text,
	"postcode" text,
	"password_hash" text,
	"watchlist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealerships" (
	"id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"make" text,
	"url" text,
	"logo" text
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" integer NOT NULL,
	"is_mock" boolean DEFAULT false NOT NULL,
	"category" text NOT NULL,
	"subcategory" text,
	"name" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"postcode" text,
	"dealership_slug" text,
	"location_id" integer,
	"vehicle_id" integer,
	"source" text DEFAULT 'Website' NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"dealership_id" integer,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"dealership_slug" text,
	"position" integer DEFAULT 0 NOT NULL,
	"location_type" text DEFAULT '' NOT NULL,
	"location_subtype" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"manufacturers" text[] DEFAULT '{}'::text[] NOT NULL,
	"gmb_profile_id" text,
	"dealer_license_number" text,
	"motor_vehicle_repairer" text,
	"average_rating" double precision,
	"review_count" integer,
	"image" text,
	"timezone" text NOT NULL,
	"contact_detail" jsonb NOT NULL,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_summaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"location_id" integer,
	"count" integer NOT NULL,
	"average_rating" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"location_id" integer,
	"customer_name" text NOT NULL,
	"text" text NOT NULL,
	"rating" integer NOT NULL,
	"review_date" timestamp with time zone NOT NULL,
	"reply_text" text,
	"reply_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"dealership_id" integer,
	"dealership_group" text,
	"manufacturer_id" integer,
	"manufacturer" text,
	"template" text DEFAULT 'default' NOT NULL,
	"primary_vehicle_override" text,
	"url" text NOT NULL,
	"domain_name" text NOT NULL,
	"country" text DEFAULT 'AU' NOT NULL,
	"timezone" text DEFAULT 'Australia/Melbourne' NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"phone" text,
	"email" text,
	"social_urls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"colours" jsonb NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_presets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_sort" text DEFAULT 'relevance' NOT NULL,
	"include_sold_cars_days" integer DEFAULT 3 NOT NULL,
	"payment_provider" text,
	"finance_provider" text DEFAULT 'Manual',
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_slug_unique" UNIQUE("slug"),
	CONSTRAINT "sites_domain_name_unique" UNIQUE("domain_name")
);
--> statement-breakpoint
CREATE TABLE "special_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"location_id" integer,
	"date" date NOT NULL,
	"name" text,
	"status" text NOT NULL,
	"start_hour" text,
	"end_hour" text
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"location_id" integer,
	"slug" text NOT NULL,
	"stock_number" text NOT NULL,
	"vin" text,
	"rego" text,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"badge" text,
	"series" text,
	"year" integer NOT NULL,
	"colour" text,
	"body_type" text,
	"fuel" text,
	"transmission" text,
	"drive" text,
	"seats" integer,
	"doors" integer,
	"odometer" integer DEFAULT 0 NOT NULL,
	"build_date" text,
	"price" integer,
	"price_type" text,
	"car_type" text NOT NULL,
	"status" text DEFAULT 'in_stock' NOT NULL,
	"sold_at" timestamp with time zone,
	"show_on_dealer_website" boolean DEFAULT true NOT NULL,
	"photos_count" integer DEFAULT 0 NOT NULL,
	"primary_image_url" text,
	"thumbnails" text[] DEFAULT '{}'::text[] NOT NULL,
	"city" text,
	"carsales_seller_identifier" text,
	"description" text,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_summaries" ADD CONSTRAINT "review_summaries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_summaries" ADD CONSTRAINT "review_summaries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_hours" ADD CONSTRAINT "special_hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_site_email" ON "customers" USING btree ("site_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "dealerships_site_slug" ON "dealerships" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "leads_site_created" ON "leads" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_site_slug" ON "locations" USING btree ("site_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "review_summaries_site_location" ON "review_summaries" USING btree ("site_id","location_id");--> statement-breakpoint
CREATE INDEX "reviews_site" ON "reviews" USING btree ("site_id","review_date");--> statement-breakpoint
CREATE INDEX "special_hours_site_date" ON "special_hours" USING btree ("site_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_site_slug" ON "vehicles" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "vehicles_site_type" ON "vehicles" USING btree ("site_id","car_type");--> statement-breakpoint
CREATE INDEX "vehicles_site_status" ON "vehicles" USING btree ("site_id","status","show_on_dealer_website");