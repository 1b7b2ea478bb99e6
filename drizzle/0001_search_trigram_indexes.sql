-- Browse's q search is `title ILIKE '%…%' OR location ILIKE '%…%'`: trigram indexes answer it without reading
-- every listing. pg_trgm ships with PostgreSQL (a trusted extension) and is loaded into PGlite by db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listing_title_trgm_idx" ON "listing" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listing_location_trgm_idx" ON "listing" USING gin ("location" gin_trgm_ops);
