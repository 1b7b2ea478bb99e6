CREATE TABLE "review" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid,
	"author_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"tidy" smallint NOT NULL,
	"bills" smallint NOT NULL,
	"considerate" smallint NOT NULL,
	"communication" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"moderator_hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_ratings" CHECK ("review"."tidy" between 1 and 5 and "review"."bills" between 1 and 5 and "review"."considerate" between 1 and 5 and "review"."communication" between 1 and 5),
	CONSTRAINT "review_text" CHECK (char_length("review"."text") <= 1000),
	CONSTRAINT "review_reply" CHECK ("review"."reply" is null or char_length("review"."reply") between 1 and 500),
	CONSTRAINT "review_not_self" CHECK ("review"."author_id" <> "review"."subject_id")
);
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_kind";--> statement-breakpoint
ALTER TABLE "report" DROP CONSTRAINT "report_target_kind";--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "moved_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "moved_in_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reference" ADD COLUMN "moderator_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_subject_id_user_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_conversation_author_idx" ON "review" USING btree ("conversation_id","author_id");--> statement-breakpoint
CREATE INDEX "review_subject_idx" ON "review" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "review_author_idx" ON "review" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_moved_in" CHECK ("conversation"."moved_in_confirmed_at" is null or "conversation"."moved_in_at" is not null);--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_kind" CHECK (("message"."kind" = 'text' and "message"."sender_id" is not null and "message"."event_type" is null and "message"."viewing_id" is null)
        or ("message"."kind" = 'event' and "message"."sender_id" is null and "message"."body" = '' and not "message"."shielded"
          and "message"."event_type" in ('viewing_booked', 'viewing_cancelled', 'viewing_late', 'viewing_outcome', 'declined', 'room_taken', 'moved_in', 'moved_in_confirmed')));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_target_kind" CHECK ("report"."target_kind" in ('message', 'listing', 'user', 'seeker_ad', 'reference', 'review'));