CREATE TABLE "seeker_ad_hold" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"ad_id" uuid NOT NULL,
	"hidden_reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seeker_ad_hold_reason" CHECK ("seeker_ad_hold"."hidden_reason" in ('moderator', 'reports'))
);
--> statement-breakpoint
ALTER TABLE "seeker_ad_hold" ADD CONSTRAINT "seeker_ad_hold_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (docs/decisions/072): deleting an ad that a moderator or reports hid keeps the hide for its owner,
-- unless the owner is going too (their account's deletion cascades here, and their row is gone by then).
CREATE FUNCTION "seeker_ad_keep_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.hidden_reason IN ('moderator', 'reports') AND EXISTS (SELECT 1 FROM "user" WHERE id = OLD.owner_id) THEN
    INSERT INTO seeker_ad_hold (owner_id, ad_id, hidden_reason) VALUES (OLD.owner_id, OLD.id, OLD.hidden_reason)
    ON CONFLICT (owner_id) DO UPDATE SET ad_id = excluded.ad_id, hidden_reason = excluded.hidden_reason;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "seeker_ad_keep_hold" AFTER DELETE ON "seeker_ad" FOR EACH ROW EXECUTE FUNCTION "seeker_ad_keep_hold"();--> statement-breakpoint
-- The owner's next ad is the held one: its id and its hidden reason, until a moderator decides.
CREATE FUNCTION "seeker_ad_take_hold"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held seeker_ad_hold%ROWTYPE;
BEGIN
  DELETE FROM seeker_ad_hold WHERE owner_id = NEW.owner_id RETURNING * INTO held;
  IF FOUND THEN
    NEW.id := held.ad_id;
    NEW.hidden_reason := held.hidden_reason;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "seeker_ad_take_hold" BEFORE INSERT ON "seeker_ad" FOR EACH ROW EXECUTE FUNCTION "seeker_ad_take_hold"();
