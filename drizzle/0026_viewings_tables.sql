CREATE TABLE "viewing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid,
	"listing_title" text NOT NULL,
	"conversation_id" uuid,
	"seeker_id" text,
	"poster_id" text,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"kind" text NOT NULL,
	"place" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"cancelled_by" text,
	"cancel_reason" text,
	"late_minutes" smallint,
	"sequence" integer DEFAULT 0 NOT NULL,
	"mailed_sequence" integer DEFAULT -1 NOT NULL,
	"reminded" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewing_status" CHECK ("viewing"."status" in ('booked', 'cancelled', 'done', 'no_show')),
	CONSTRAINT "viewing_kind" CHECK ("viewing"."kind" in ('in_person', 'video')),
	CONSTRAINT "viewing_times_order" CHECK ("viewing"."end" > "viewing"."start")
);
--> statement-breakpoint
CREATE TABLE "viewing_times" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"meeting_point" text NOT NULL,
	"video_link" text,
	"rules" jsonb NOT NULL,
	"exceptions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "viewing" ADD CONSTRAINT "viewing_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing" ADD CONSTRAINT "viewing_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing" ADD CONSTRAINT "viewing_seeker_id_user_id_fk" FOREIGN KEY ("seeker_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing" ADD CONSTRAINT "viewing_poster_id_user_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewing_times" ADD CONSTRAINT "viewing_times_listing_id_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viewing_listing_start_idx" ON "viewing" USING btree ("listing_id","start") WHERE "viewing"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "viewing_seeker_idx" ON "viewing" USING btree ("seeker_id","start","id");--> statement-breakpoint
CREATE INDEX "viewing_poster_idx" ON "viewing" USING btree ("poster_id","start","id");--> statement-breakpoint
CREATE INDEX "viewing_mail_idx" ON "viewing" USING btree ("start") WHERE "viewing"."mailed_sequence" < "viewing"."sequence" or ("viewing"."status" = 'booked' and "viewing"."reminded" < 2);