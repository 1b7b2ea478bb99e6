CREATE TABLE "conversation_reply" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"contacted_id" text NOT NULL,
	"starter_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone,
	"nudged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reply_stat" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reply_rate" integer,
	"reply_hours" integer,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_stat_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"refreshed_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_stat_dirty" (
	"user_id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_reply" ADD CONSTRAINT "conversation_reply_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reply" ADD CONSTRAINT "conversation_reply_contacted_id_user_id_fk" FOREIGN KEY ("contacted_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reply" ADD CONSTRAINT "conversation_reply_starter_id_user_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_stat" ADD CONSTRAINT "reply_stat_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_stat_dirty" ADD CONSTRAINT "reply_stat_dirty_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_reply_contacted_idx" ON "conversation_reply" USING btree ("contacted_id","started_at");--> statement-breakpoint
CREATE INDEX "conversation_reply_started_idx" ON "conversation_reply" USING btree ("started_at");--> statement-breakpoint
-- Written by hand: each message keeps its conversation's first-reply row in its own transaction (decision 088).
-- A contacted person's first message in a conversation is its reply; any first message starts the row. Either
-- marks the contacted person's stats for the stats job.
CREATE OR REPLACE FUNCTION "conversation_reply_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  contacted text;
BEGIN
  -- A conversation's events (no sender) are nobody's reply.
  IF NEW.sender_id IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE conversation_reply SET replied_at = NEW.created_at
    WHERE conversation_id = NEW.conversation_id AND contacted_id = NEW.sender_id AND replied_at IS NULL;
  IF FOUND THEN
    INSERT INTO reply_stat_dirty (user_id) VALUES (NEW.sender_id) ON CONFLICT DO NOTHING;
    RETURN NULL;
  END IF;
  SELECT CASE WHEN c.seeker_id = NEW.sender_id THEN c.poster_id ELSE c.seeker_id END INTO contacted
    FROM conversation c WHERE c.id = NEW.conversation_id;
  IF contacted IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO conversation_reply (conversation_id, contacted_id, starter_id, started_at)
    VALUES (NEW.conversation_id, contacted, NEW.sender_id, NEW.created_at)
    ON CONFLICT (conversation_id) DO NOTHING;
  IF FOUND THEN
    INSERT INTO reply_stat_dirty (user_id) VALUES (contacted) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "message_conversation_reply" AFTER INSERT ON "message"
  FOR EACH ROW EXECUTE FUNCTION "conversation_reply_track"();
--> statement-breakpoint
-- The conversations before this migration, from their messages; their contacted people's stats are worked out by
-- the stats job's first run.
INSERT INTO conversation_reply (conversation_id, contacted_id, starter_id, started_at, replied_at)
SELECT f.conversation_id, f.contacted, f.sender_id, f.created_at,
  (SELECT min(r.created_at) FROM message r WHERE r.conversation_id = f.conversation_id AND r.sender_id = f.contacted)
FROM (
  SELECT DISTINCT ON (m.conversation_id) m.conversation_id, m.sender_id, m.created_at,
    CASE WHEN c.seeker_id = m.sender_id THEN c.poster_id ELSE c.seeker_id END AS contacted
  FROM message m JOIN conversation c ON c.id = m.conversation_id
  ORDER BY m.conversation_id, m.id
) f
WHERE f.contacted IS NOT NULL;
--> statement-breakpoint
INSERT INTO reply_stat_dirty (user_id)
SELECT DISTINCT contacted_id FROM conversation_reply WHERE started_at > now() - interval '30 days';
--> statement-breakpoint
INSERT INTO reply_stat_clock (id, refreshed_to) VALUES (1, now());
