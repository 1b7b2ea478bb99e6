CREATE TABLE "seeker_ad" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"headline" text NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"budget" integer NOT NULL,
	"room_types" text[] NOT NULL,
	"areas" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"move_in_from" date,
	"min_stay_months" smallint,
	"bills_included" boolean,
	"furnished" boolean,
	"has_pets" boolean,
	"smokes" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seeker_ad_ownerId_unique" UNIQUE("owner_id"),
	CONSTRAINT "seeker_ad_budget" CHECK ("seeker_ad"."budget" between 0 and 1000000),
	CONSTRAINT "seeker_ad_room_types" CHECK (cardinality("seeker_ad"."room_types") >= 1 and "seeker_ad"."room_types" <@ array['Single', 'Shared', 'Studio']::text[]),
	CONSTRAINT "seeker_ad_status" CHECK ("seeker_ad"."status" in ('active', 'paused')),
	CONSTRAINT "seeker_ad_min_stay_months" CHECK ("seeker_ad"."min_stay_months" between 1 and 36)
);
--> statement-breakpoint
CREATE TABLE "seeker_ad_area" (
	"ad_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"place_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"radius_km" double precision NOT NULL,
	"earth" "cube" GENERATED ALWAYS AS (ll_to_earth(lat, lon)) STORED,
	"reach" "cube" GENERATED ALWAYS AS (earth_box(ll_to_earth(lat, lon), radius_km * 1000)) STORED,
	CONSTRAINT "seeker_ad_area_ad_id_position_pk" PRIMARY KEY("ad_id","position"),
	CONSTRAINT "seeker_ad_area_radius" CHECK ("seeker_ad_area"."radius_km" between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "seeker_ad" ADD CONSTRAINT "seeker_ad_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_ad_area" ADD CONSTRAINT "seeker_ad_area_ad_id_seeker_ad_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."seeker_ad"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seeker_ad_active_created_idx" ON "seeker_ad" USING btree ("created_at","id") WHERE "seeker_ad"."status" = 'active';--> statement-breakpoint
CREATE INDEX "seeker_ad_active_budget_idx" ON "seeker_ad" USING btree ("budget","id") WHERE "seeker_ad"."status" = 'active';--> statement-breakpoint
-- Written by hand (drizzle-kit can't write a GiST index): "an area whose circle holds this place" finds the areas
-- whose bounding cube holds the place's point through this index, then tests the exact distance.
CREATE INDEX IF NOT EXISTS "seeker_ad_area_reach_idx" ON "seeker_ad_area" USING gist ("reach");
