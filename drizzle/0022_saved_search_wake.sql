-- Written by hand: a listing queued for the alert matcher also wakes it (decision 083). The notification is
-- delivered when the write commits, to every process working the background jobs, which then queue the matcher
-- (src/server/jobs/define-job.ts, `wokenBy`); the queue row stays the record, so a notification nobody heard
-- loses nothing.
CREATE OR REPLACE FUNCTION "saved_search_queue_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.availability = 'Available'
    AND (TG_OP = 'INSERT' OR OLD.availability IS DISTINCT FROM 'Available')
    AND EXISTS (SELECT 1 FROM saved_search) THEN
    INSERT INTO saved_search_event (listing_id) VALUES (NEW.id);
    PERFORM pg_notify('saved_search_event', '');
  END IF;
  RETURN NULL;
END
$$;
