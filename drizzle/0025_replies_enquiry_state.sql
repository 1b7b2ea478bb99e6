ALTER TABLE "conversation" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
-- Written by hand: conversations from before this learn when the person contacted first replied.
UPDATE "conversation" c SET "replied_at" = (
  SELECT min(m.created_at) FROM "message" m
  WHERE m.conversation_id = c.id
    AND m.sender_id = (CASE c.about WHEN 'listing' THEN c.poster_id ELSE c.seeker_id END)
);
