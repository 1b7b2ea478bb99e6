CREATE TABLE "listing_photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_photo_listing_key" UNIQUE("listing_id","key"),
	CONSTRAINT "listing_photo_key" CHECK ("listing_photo"."key" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "listing_photo_size" CHECK ("listing_photo"."width" > 0 and "listing_photo"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "listing_photo" ADD CONSTRAINT "listing_photo_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_photo_listing_position_idx" ON "listing_photo" USING btree ("listing_id","position");