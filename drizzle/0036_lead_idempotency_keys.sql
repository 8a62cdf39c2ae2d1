CREATE TABLE "lead_idempotency_keys" (
	"site_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_idempotency_keys" ADD CONSTRAINT "lead_idempotency_keys_lead_fk" FOREIGN KEY ("site_id","lead_id") REFERENCES "public"."leads"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_idempotency_keys_site_key" ON "lead_idempotency_keys" USING btree ("site_id","key");--> statement-breakpoint
CREATE INDEX "lead_idempotency_keys_site_created" ON "lead_idempotency_keys" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_idempotency_keys_site_lead" ON "lead_idempotency_keys" USING btree ("site_id","lead_id");