CREATE TABLE "signal_check" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signal_check_kind" CHECK ("signal_check"."kind" in ('listing', 'photo', 'message'))
);
--> statement-breakpoint
ALTER TABLE "listing_photo" ADD COLUMN "hash" bigint;--> statement-breakpoint
CREATE INDEX "listing_photo_hash_band0_idx" ON "listing_photo" USING btree ((("hash" >> 0) & 511)) WHERE "listing_photo"."hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_photo_hash_band1_idx" ON "listing_photo" USING btree ((("hash" >> 9) & 511)) WHERE "listing_photo"."hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_photo_hash_band2_idx" ON "listing_photo" USING btree ((("hash" >> 18) & 511)) WHERE "listing_photo"."hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_photo_hash_band3_idx" ON "listing_photo" USING btree ((("hash" >> 27) & 1023)) WHERE "listing_photo"."hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_photo_hash_band4_idx" ON "listing_photo" USING btree ((("hash" >> 37) & 511)) WHERE "listing_photo"."hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_photo_hash_band5_idx" ON "listing_photo" USING btree ((("hash" >> 46) & 511)) WHERE "listing_photo"."hash" is not null;--> statement-breakpoint
CREATE INDEX "listing_photo_hash_band6_idx" ON "listing_photo" USING btree ((("hash" >> 55) & 511)) WHERE "listing_photo"."hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "report_system_idx" ON "report" USING btree ("target_kind","target_id","reason") WHERE "report"."is_system";--> statement-breakpoint
-- Written by hand (drizzle-kit can't express triggers): what the signals job (src/server/signals, decision 051)
-- must look at is queued in the same transaction as the write, so a write is accepted as fast as before (one small
-- insert) and nothing is missed however a process ends. A listing: posted, or its rent, words or place changed.
CREATE FUNCTION "signal_check_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR OLD.rent IS DISTINCT FROM NEW.rent OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.description IS DISTINCT FROM NEW.description OR OLD.place_id IS DISTINCT FROM NEW.place_id THEN
    INSERT INTO signal_check (kind, target_id) VALUES ('listing', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listing_signal_check" AFTER INSERT OR UPDATE OF "rent", "title", "description", "place_id"
  ON "listing" FOR EACH ROW EXECUTE FUNCTION "signal_check_listing"();--> statement-breakpoint
-- A photo stored with a perceptual hash (demo illustrations have none).
CREATE FUNCTION "signal_check_photo"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO signal_check (kind, target_id) VALUES ('photo', NEW.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listing_photo_signal_check" AFTER INSERT ON "listing_photo"
  FOR EACH ROW WHEN (NEW.hash IS NOT NULL) EXECUTE FUNCTION "signal_check_photo"();--> statement-breakpoint
-- A conversation's first message (found by message_conversation_id_idx): later ones are between people who
-- already talk.
CREATE FUNCTION "signal_check_message"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM message m WHERE m.conversation_id = NEW.conversation_id AND m.id < NEW.id) THEN
    INSERT INTO signal_check (kind, target_id) VALUES ('message', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "message_signal_check" AFTER INSERT ON "message"
  FOR EACH ROW EXECUTE FUNCTION "signal_check_message"();
