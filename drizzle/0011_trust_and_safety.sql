CREATE TABLE "moderation_action" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"moderator_id" text,
	"moderator_email" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_action_action" CHECK ("moderation_action"."action" in ('hide', 'unhide', 'suspend', 'unsuspend', 'dismiss'))
);
--> statement-breakpoint
ALTER TABLE "report" DROP CONSTRAINT "report_reason";--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "freshness_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report" ADD COLUMN "is_system" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_action" ADD CONSTRAINT "moderation_action_moderator_id_user_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_action_created_at_idx" ON "moderation_action" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "listing_confirmed_at_idx" ON "listing" USING btree ("confirmed_at") WHERE "listing"."availability" = 'Available';--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_hidden_reason" CHECK ("listing"."hidden_reason" in ('reports', 'moderator', 'suspended'));--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_reason" CHECK ("report"."reason" in ('scam', 'offensive', 'not_a_real_room', 'already_taken', 'other', 'low_rent', 'copied_photo', 'scam_phrase'));--> statement-breakpoint
-- Written by hand: listings that existed before freshness count as confirmed when they were last edited, not on
-- the day of this migration.
UPDATE "listing" SET "confirmed_at" = "updated_at";
