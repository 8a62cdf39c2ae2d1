CREATE TABLE "stock_import_mappings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_imports" ADD COLUMN "columns" jsonb;--> statement-breakpoint
ALTER TABLE "stock_imports" ADD COLUMN "clear_blanks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_import_mappings" ADD CONSTRAINT "stock_import_mappings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;