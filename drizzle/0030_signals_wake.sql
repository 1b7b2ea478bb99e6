-- Written by hand: what the signals job must look at also wakes it (decision 102), as the alert matcher's queue
-- does (decision 083): the notification goes out when the write commits, to every process working the background
-- jobs, which queue the signals job at once instead of at its next minute. The queue row stays the record, so a
-- notification nobody heard loses nothing; the every-minute run stays as the safety net.
CREATE OR REPLACE FUNCTION "signal_check_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR OLD.rent IS DISTINCT FROM NEW.rent OR OLD.title IS DISTINCT FROM NEW.title
    OR OLD.description IS DISTINCT FROM NEW.description OR OLD.place_id IS DISTINCT FROM NEW.place_id THEN
    INSERT INTO signal_check (kind, target_id) VALUES ('listing', NEW.id::text);
    PERFORM pg_notify('signal_check', '');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "signal_check_photo"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO signal_check (kind, target_id) VALUES ('photo', NEW.id::text);
  PERFORM pg_notify('signal_check', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "signal_check_message"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM message m WHERE m.conversation_id = NEW.conversation_id AND m.id < NEW.id) THEN
    INSERT INTO signal_check (kind, target_id) VALUES ('message', NEW.id::text);
    PERFORM pg_notify('signal_check', '');
  END IF;
  RETURN NULL;
END
$$;
