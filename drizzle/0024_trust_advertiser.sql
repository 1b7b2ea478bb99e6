ALTER TABLE "listing" ADD COLUMN "advertiser" text;--> statement-breakpoint
ALTER TABLE "saved_search" ADD COLUMN "advertiser" text[];--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_advertiser" CHECK ("listing"."advertiser" in ('live_in_landlord', 'live_out_landlord', 'flatmate', 'agent'));