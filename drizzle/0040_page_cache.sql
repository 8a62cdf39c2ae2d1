CREATE SEQUENCE "public"."page_cache_purge_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- a cache, not a record: UNLOGGED (no WAL; emptied after a crash, and pages are drawn again)
CREATE UNLOGGED TABLE "page_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"headers" jsonb NOT NULL,
	"body" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"tags" text[] NOT NULL,
	"began_seq" bigint NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "page_cache_purges" (
	"tag" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"purged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_cache_tags" ON "page_cache" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "page_cache_stored_at" ON "page_cache" USING btree ("stored_at");--> statement-breakpoint
CREATE INDEX "page_cache_purges_purged_at" ON "page_cache_purges" USING btree ("purged_at");