ALTER TABLE "report" DROP CONSTRAINT "report_target_kind";--> statement-breakpoint
DROP INDEX "seeker_ad_active_created_idx";--> statement-breakpoint
DROP INDEX "seeker_ad_active_budget_idx";--> statement-breakpoint
ALTER TABLE "seeker_ad" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
CREATE INDEX "report_open_walk_idx" ON "report" USING btree ("created_at","id") WHERE "report"."status" = 'open';--> statement-breakpoint
CREATE INDEX "seeker_ad_active_created_idx" ON "seeker_ad" USING btree ("created_at","id") WHERE "seeker_ad"."status" = 'active' and "seeker_ad"."hidden_reason" is null;--> statement-breakpoint
CREATE INDEX "seeker_ad_active_budget_idx" ON "seeker_ad" USING btree ("budget","id") WHERE "seeker_ad"."status" = 'active' and "seeker_ad"."hidden_reason" is null;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_target_kind" CHECK ("report"."target_kind" in ('message', 'listing', 'user', 'seeker_ad'));--> statement-breakpoint
ALTER TABLE "seeker_ad" ADD CONSTRAINT "seeker_ad_hidden_reason" CHECK ("seeker_ad"."hidden_reason" in ('reports', 'moderator', 'suspended'));--> statement-breakpoint
-- Written by hand: a person suspended before ads could be hidden has their ad hidden now, as a suspension does.
UPDATE "seeker_ad" SET "hidden_reason" = 'suspended'
  WHERE "owner_id" IN (SELECT "id" FROM "user" WHERE "suspended_at" IS NOT NULL);
