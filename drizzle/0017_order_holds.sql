ALTER TABLE "orders" ADD COLUMN "holder_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_address" text;