-- Written by hand (drizzle-kit can't write INCLUDE): every browse statement keeps only listings moderation hasn't
-- hidden (`hidden_reason is null`), so the rent and creation-time orders' indexes carry `hidden_reason` beside
-- lat/lon, and near= on a wide area still walks them without reading each listing's row (docs/decisions/027).
-- Same names and keys as src/server/db/schema/listings.ts declares.
DROP INDEX IF EXISTS "listing_rent_id_idx";
--> statement-breakpoint
CREATE INDEX "listing_rent_id_idx" ON "listing" USING btree ("rent", "id") INCLUDE ("lat", "lon", "hidden_reason");
--> statement-breakpoint
DROP INDEX IF EXISTS "listing_created_at_id_idx";
--> statement-breakpoint
CREATE INDEX "listing_created_at_id_idx" ON "listing" USING btree ("created_at", "id") INCLUDE ("lat", "lon", "hidden_reason");
