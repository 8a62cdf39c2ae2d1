CREATE TABLE "lead_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"lead_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"form" text,
	"payload" jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "lead_deliveries_once";--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "submission" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_submissions" ADD CONSTRAINT "lead_submissions_lead_fk" FOREIGN KEY ("site_id","lead_id") REFERENCES "public"."leads"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_submissions_seq" ON "lead_submissions" USING btree ("site_id","lead_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_deliveries_once" ON "lead_deliveries" USING btree ("lead_id","submission","channel","target");