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
