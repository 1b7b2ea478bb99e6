CREATE TABLE "conversation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"about" text DEFAULT 'listing' NOT NULL,
	"listing_id" uuid,
	"seeker_id" text,
	"poster_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_about" CHECK ("conversation"."about" in ('listing'))
);
--> statement-breakpoint
CREATE TABLE "conversation_member" (
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"other_id" text,
	"last_message_id" bigint NOT NULL,
	"read_id" bigint DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"unread_since" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "conversation_member_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id"),
	CONSTRAINT "conversation_member_unread" CHECK ("conversation_member"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "message" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"sender_id" text NOT NULL,
	"body" text NOT NULL,
	"shielded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_body" CHECK (char_length("message"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "user_block" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_block_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_target_kind" CHECK ("report"."target_kind" in ('message', 'listing', 'user')),
	CONSTRAINT "report_reason" CHECK ("report"."reason" in ('scam', 'offensive', 'not_a_real_room', 'already_taken', 'other')),
	CONSTRAINT "report_status" CHECK ("report"."status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "report_note" CHECK (char_length("report"."note") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_seeker_id_user_id_fk" FOREIGN KEY ("seeker_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_poster_id_user_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_member" ADD CONSTRAINT "conversation_member_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_member" ADD CONSTRAINT "conversation_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_member" ADD CONSTRAINT "conversation_member_other_id_user_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_block" ADD CONSTRAINT "user_block_blocker_id_user_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_block" ADD CONSTRAINT "user_block_blocked_id_user_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_listing_seeker_idx" ON "conversation" USING btree ("listing_id","seeker_id") WHERE "conversation"."about" = 'listing';--> statement-breakpoint
CREATE INDEX "conversation_seeker_id_idx" ON "conversation" USING btree ("seeker_id");--> statement-breakpoint
CREATE INDEX "conversation_poster_id_idx" ON "conversation" USING btree ("poster_id");--> statement-breakpoint
CREATE INDEX "conversation_member_inbox_idx" ON "conversation_member" USING btree ("user_id","last_message_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_member_unread_idx" ON "conversation_member" USING btree ("user_id","unread") WHERE "conversation_member"."unread" > 0;--> statement-breakpoint
CREATE INDEX "conversation_member_mail_idx" ON "conversation_member" USING btree ("unread_since") WHERE "conversation_member"."unread_since" is not null and "conversation_member"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "conversation_member_other_idx" ON "conversation_member" USING btree ("other_id");--> statement-breakpoint
CREATE INDEX "message_conversation_id_idx" ON "message" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "message_sender_id_idx" ON "message" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "user_block_blocked_id_idx" ON "user_block" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_open_idx" ON "report" USING btree ("reporter_id","target_kind","target_id") WHERE "report"."status" = 'open';--> statement-breakpoint
CREATE INDEX "report_queue_idx" ON "report" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "report_target_idx" ON "report" USING btree ("target_kind","target_id");