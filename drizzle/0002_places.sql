ALTER TABLE "listing" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "place_name" text;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "lon" double precision;--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_place" CHECK (("listing"."place_id" is null) = ("listing"."lat" is null) and ("listing"."lat" is null) = ("listing"."lon" is null));--> statement-breakpoint
-- Written by hand (drizzle-kit knows neither extensions nor expression GiST indexes): browse's near= filter and
-- sort=distance measure great-circle distances with earthdistance, over cube. Both ship with PostgreSQL's contrib
-- (trusted extensions) and are loaded into PGlite by db/client.ts.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
--> statement-breakpoint
-- The index browse's `earth_box(center, radius) @> ll_to_earth(lat, lon)` uses (a listing without a place is a null entry).
CREATE INDEX IF NOT EXISTS "listing_earth_idx" ON "listing" USING gist (ll_to_earth("lat", "lon"));
