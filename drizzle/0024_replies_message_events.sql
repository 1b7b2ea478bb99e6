ALTER TABLE "message" DROP CONSTRAINT "message_body";--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "event_type" text;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "viewing_id" uuid;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_kind" CHECK (("message"."kind" = 'text' and "message"."sender_id" is not null and "message"."event_type" is null and "message"."viewing_id" is null)
        or ("message"."kind" = 'event' and "message"."sender_id" is null and "message"."body" = '' and not "message"."shielded"
          and "message"."event_type" in ('viewing_booked', 'viewing_cancelled', 'viewing_late', 'viewing_outcome', 'declined', 'room_taken')));--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_body" CHECK ("message"."kind" = 'event' or char_length("message"."body") between 1 and 2000);