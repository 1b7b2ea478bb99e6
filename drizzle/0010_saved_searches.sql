CREATE TABLE "saved_search" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"alert" text DEFAULT 'daily' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_at" timestamp with time zone,
	"room_type" text,
	"q" text,
	"min_rent" integer,
	"max_rent" integer,
	"available" boolean,
	"near" integer,
	"center" "cube",
	"radius_m" double precision,
	"move_in_by" date,
	"bills_included" boolean,
	"furnished" boolean,
	"pets_allowed" boolean,
	"smoking_allowed" boolean,
	"min_stay" smallint,
	"max_stay" smallint,
	CONSTRAINT "saved_search_alert" CHECK ("saved_search"."alert" in ('instant', 'daily', 'off')),
	CONSTRAINT "saved_search_name" CHECK (char_length("saved_search"."name") between 1 and 60),
	CONSTRAINT "saved_search_near" CHECK (("saved_search"."near" is null) = ("saved_search"."center" is null))
);
--> statement-breakpoint
CREATE TABLE "saved_search_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_hit" (
	"search_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"batch" text,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "saved_search_hit_search_id_listing_id_pk" PRIMARY KEY("search_id","listing_id")
);
--> statement-breakpoint
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_event" ADD CONSTRAINT "saved_search_event_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hit" ADD CONSTRAINT "saved_search_hit_search_id_saved_search_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hit" ADD CONSTRAINT "saved_search_hit_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_user_idx" ON "saved_search" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_search_plain_idx" ON "saved_search" USING btree ("room_type","max_rent","min_rent") WHERE "saved_search"."near" is null;--> statement-breakpoint
CREATE INDEX "saved_search_hit_listing_idx" ON "saved_search_hit" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "saved_search_hit_unmailed_idx" ON "saved_search_hit" USING btree ("search_id") WHERE "saved_search_hit"."mailed_at" is null;--> statement-breakpoint
-- Written by hand (drizzle-kit can't express these). The matcher's index of the saved circles: the box browse's
-- near= filter tests, over the search's columns (routes/saved-searches/inverse-match.ts), so a new listing finds
-- the circles that hold it through GiST instead of testing every search.
CREATE INDEX "saved_search_circle_idx" ON "saved_search" USING gist (earth_box("center"::earth, "radius_m"::float8)) WHERE "near" IS NOT NULL;--> statement-breakpoint
-- The alert mails still to send, by their name.
CREATE INDEX "saved_search_hit_batch_idx" ON "saved_search_hit" USING btree ("batch") WHERE "batch" IS NOT NULL AND "mailed_at" IS NULL;--> statement-breakpoint
-- A listing posted Available, or turned Available, is queued for the alert matcher in the same transaction as
-- its write, so no listing is missed however the process ends (decision 048). Only while anyone saves a search.
CREATE FUNCTION "saved_search_queue_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.availability = 'Available'
    AND (TG_OP = 'INSERT' OR OLD.availability IS DISTINCT FROM 'Available')
    AND EXISTS (SELECT 1 FROM saved_search) THEN
    INSERT INTO saved_search_event (listing_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listing_saved_search_queue" AFTER INSERT OR UPDATE OF "availability" ON "listing"
  FOR EACH ROW EXECUTE FUNCTION "saved_search_queue_listing"();
