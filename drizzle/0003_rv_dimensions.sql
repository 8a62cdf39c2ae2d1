ALTER TABLE "vehicles" ADD COLUMN "berths" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "atm_kg" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "tare_kg" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "length_mm" integer;