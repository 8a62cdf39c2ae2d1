CREATE TABLE "content_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image" text,
	"author" text,
	"make" text,
	"published_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"price" integer,
	"saving" integer,
	"subscription_weekly" integer,
	"terms" text
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "blogs" jsonb DEFAULT '{"layout":"grid","count":6}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_site_kind_slug" ON "content_entries" USING btree ("site_id","kind","slug");--> statement-breakpoint
CREATE INDEX "content_site_kind_published" ON "content_entries" USING btree ("site_id","kind","published_at");