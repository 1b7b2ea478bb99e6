ALTER TABLE "listing_photo" ADD COLUMN "needs_hash" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "listing_photo_needs_hash_idx" ON "listing_photo" USING btree ("created_at","id") WHERE "listing_photo"."needs_hash";--> statement-breakpoint
-- Written by hand: the photos stored before perceptual hashes existed, for the backfill job to hash from their
-- files (src/server/photos/hash-backfill.ts, decision 061). Demo illustrations (example people's) stay unhashed,
-- as they are stored: they are never compared.
UPDATE "listing_photo" SET "needs_hash" = true
  WHERE "hash" IS NULL
    AND "listing_id" IN (SELECT l."id" FROM "listing" l JOIN "user" u ON u."id" = l."owner_id" WHERE NOT u."is_example");
