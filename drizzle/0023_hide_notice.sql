CREATE TABLE "hide_notice" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hide_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"hidden_reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Written by hand: hiding a shown listing or ad (by reports or a moderator) queues its owner's one mail in the
-- hiding transaction and wakes the mail job when it commits (decision 084). A moderator's hide of a thing reports
-- hid, a suspension, and showing it again queue nothing.
CREATE OR REPLACE FUNCTION "hide_notice_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.hidden_reason IS NULL AND NEW.hidden_reason IN ('reports', 'moderator') THEN
    INSERT INTO hide_notice (target_kind, target_id, hidden_reason) VALUES (TG_ARGV[0], NEW.id, NEW.hidden_reason);
    PERFORM pg_notify('hide_notice_event', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "listing_hide_notice" AFTER UPDATE OF "hidden_reason" ON "listing"
  FOR EACH ROW EXECUTE FUNCTION "hide_notice_queue"('listing');
--> statement-breakpoint
CREATE TRIGGER "seeker_ad_hide_notice" AFTER UPDATE OF "hidden_reason" ON "seeker_ad"
  FOR EACH ROW EXECUTE FUNCTION "hide_notice_queue"('seeker_ad');
