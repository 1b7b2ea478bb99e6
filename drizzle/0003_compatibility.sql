CREATE TABLE "living_profile" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" smallint NOT NULL,
	"answers" jsonb NOT NULL,
	"interests" text[] NOT NULL,
	"answer_bits" bigint NOT NULL,
	"accepted_bits" bigint NOT NULL,
	"answered_bits" bigint NOT NULL,
	"weight1_bits" bigint NOT NULL,
	"weight10_bits" bigint NOT NULL,
	"weight50_bits" bigint NOT NULL,
	"weight250_bits" bigint NOT NULL,
	"interest_bits" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "bills_included" boolean;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "min_stay_months" smallint;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "furnished" boolean;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "pets_allowed" boolean;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "smoking_allowed" boolean;--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "household_size" smallint;--> statement-breakpoint
ALTER TABLE "living_profile" ADD CONSTRAINT "living_profile_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_min_stay_months" CHECK ("listing"."min_stay_months" between 1 and 36);--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_household_size" CHECK ("listing"."household_size" between 0 and 12);