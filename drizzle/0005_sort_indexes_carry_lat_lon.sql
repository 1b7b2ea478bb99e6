-- Written by hand (drizzle-kit can't write INCLUDE): the rent and creation-time orders' indexes carry each listing's
-- lat/lon, so browse near a place with many listings walks them in order and tests each entry's distance without
-- reading its row (docs/decisions/027). Same names and keys as src/server/db/schema/listings.ts declares.
DROP INDEX IF EXISTS "listing_rent_id_idx";
--> statement-breakpoint
CREATE INDEX "listing_rent_id_idx" ON "listing" USING btree ("rent", "id") INCLUDE ("lat", "lon");
--> statement-breakpoint
DROP INDEX IF EXISTS "listing_created_at_id_idx";
--> statement-breakpoint
CREATE INDEX "listing_created_at_id_idx" ON "listing" USING btree ("created_at", "id") INCLUDE ("lat", "lon");
