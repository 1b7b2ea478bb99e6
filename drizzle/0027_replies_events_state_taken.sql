ALTER TABLE "message" DROP CONSTRAINT "message_body";--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "event_type" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "viewing_id" uuid;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_kind" CHECK (("message"."kind" = 'text' and "message"."sender_id" is not null and "message"."event_type" is null and "message"."viewing_id" is null)
        or ("message"."kind" = 'event' and "message"."sender_id" is null and "message"."body" = '' and not "message"."shielded"
          and "message"."event_type" in ('viewing_booked', 'viewing_cancelled', 'viewing_late', 'viewing_outcome', 'declined', 'room_taken')));--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_body" CHECK ("message"."kind" = 'event' or char_length("message"."body") between 1 and 2000);--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
-- Written by hand: conversations from before this learn when the person contacted first replied.
UPDATE "conversation" c SET "replied_at" = (
  SELECT min(m.created_at) FROM "message" m
  WHERE m.conversation_id = c.id
    AND m.sender_id = (CASE c.about WHEN 'listing' THEN c.poster_id ELSE c.seeker_id END)
);
--> statement-breakpoint
CREATE TABLE "room_taken_notice" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "room_taken_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"evented" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "kept_title" text;--> statement-breakpoint
ALTER TABLE "room_taken_notice" ADD CONSTRAINT "room_taken_notice_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (docs/decisions/086): a listing or a room-wanted ad that stops being on offer to everyone (Not
-- Available, hidden for any reason, paused, deleted) queues one room-taken notice per conversation about it, in the
-- transaction that took it away, and wakes the room-taken job when that commits. A deleted one leaves its title
-- in its conversations (kept_title) before the foreign key empties their link.
CREATE OR REPLACE FUNCTION "room_taken_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_open boolean;
  now_open boolean;
BEGIN
  IF TG_ARGV[0] = 'listing' THEN
    was_open := OLD.availability = 'Available' AND OLD.hidden_reason IS NULL;
    now_open := TG_OP = 'UPDATE' AND NEW.availability = 'Available' AND NEW.hidden_reason IS NULL;
  ELSE
    was_open := OLD.status = 'active' AND OLD.hidden_reason IS NULL;
    now_open := TG_OP = 'UPDATE' AND NEW.status = 'active' AND NEW.hidden_reason IS NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF TG_ARGV[0] = 'listing' THEN
      UPDATE conversation SET kept_title = OLD.title WHERE listing_id = OLD.id;
    ELSE
      UPDATE conversation SET kept_title = 'Room wanted in ' || split_part(OLD.areas -> 0 ->> 'name', ',', 1)
        WHERE seeker_ad_id = OLD.id;
    END IF;
  END IF;
  IF was_open AND NOT now_open THEN
    IF TG_ARGV[0] = 'listing' THEN
      INSERT INTO room_taken_notice (conversation_id) SELECT id FROM conversation WHERE listing_id = OLD.id;
    ELSE
      INSERT INTO room_taken_notice (conversation_id) SELECT id FROM conversation WHERE seeker_ad_id = OLD.id;
    END IF;
    IF FOUND THEN
      PERFORM pg_notify('room_taken_event', '');
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listing_room_taken" AFTER UPDATE OF "availability", "hidden_reason" ON "listing"
  FOR EACH ROW EXECUTE FUNCTION "room_taken_queue"('listing');
--> statement-breakpoint
CREATE TRIGGER "listing_room_taken_delete" BEFORE DELETE ON "listing"
  FOR EACH ROW EXECUTE FUNCTION "room_taken_queue"('listing');
--> statement-breakpoint
CREATE TRIGGER "seeker_ad_room_taken" AFTER UPDATE OF "status", "hidden_reason" ON "seeker_ad"
  FOR EACH ROW EXECUTE FUNCTION "room_taken_queue"('seeker_ad');
--> statement-breakpoint
CREATE TRIGGER "seeker_ad_room_taken_delete" BEFORE DELETE ON "seeker_ad"
  FOR EACH ROW EXECUTE FUNCTION "room_taken_queue"('seeker_ad');
--> statement-breakpoint
