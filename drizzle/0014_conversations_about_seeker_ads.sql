ALTER TABLE "conversation" DROP CONSTRAINT "conversation_about";--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "seeker_ad_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_seeker_ad_id_seeker_ad_id_fk" FOREIGN KEY ("seeker_ad_id") REFERENCES "public"."seeker_ad"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_seeker_ad_poster_idx" ON "conversation" USING btree ("seeker_ad_id","poster_id");--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_about" CHECK ("conversation"."about" in ('listing', 'seeker_ad'));