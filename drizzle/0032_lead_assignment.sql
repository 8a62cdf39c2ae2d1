ALTER TABLE "sites" ADD COLUMN "lead_handling" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_to" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_staff_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_site_assigned" ON "leads" USING btree ("site_id","assigned_to");--> statement-breakpoint
-- a lead already worked: its response timer stopped at its first status change
UPDATE "leads" SET "first_contact_at" = (
  SELECT min(n."created_at") FROM "lead_notes" n
   WHERE n."lead_id" = "leads"."id" AND n."site_id" = "leads"."site_id" AND n."status_from" = 'new' AND n."status_to" IS NOT NULL AND n."status_to" <> 'new'
) WHERE "status" <> 'new';
