CREATE INDEX "listing_hidden_by_reports_idx" ON "listing" USING btree ("id") WHERE "listing"."hidden_reason" = 'reports';--> statement-breakpoint
CREATE INDEX "report_reporter_idx" ON "report" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "seeker_ad_hidden_by_reports_idx" ON "seeker_ad" USING btree ("id") WHERE "seeker_ad"."hidden_reason" = 'reports';