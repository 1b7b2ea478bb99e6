CREATE TABLE "reference" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_id" text NOT NULL,
	"referee_email" text NOT NULL,
	"referee_name" text NOT NULL,
	"relationship" text NOT NULL,
	"from_month" text NOT NULL,
	"to_month" text NOT NULL,
	"tidy" smallint NOT NULL,
	"bills" smallint NOT NULL,
	"considerate" smallint NOT NULL,
	"communication" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_relationship" CHECK ("reference"."relationship" in ('flatmate', 'landlord', 'live_in_landlord')),
	CONSTRAINT "reference_ratings" CHECK ("reference"."tidy" between 1 and 5 and "reference"."bills" between 1 and 5 and "reference"."considerate" between 1 and 5 and "reference"."communication" between 1 and 5),
	CONSTRAINT "reference_text" CHECK (char_length("reference"."text") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "reference_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" text NOT NULL,
	"referee_email" text NOT NULL,
	"referee_name" text NOT NULL,
	"relationship" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "reference_request_relationship" CHECK ("reference_request"."relationship" in ('flatmate', 'landlord', 'live_in_landlord'))
);
--> statement-breakpoint
ALTER TABLE "listing" ADD COLUMN "advertiser" text;--> statement-breakpoint
ALTER TABLE "saved_search" ADD COLUMN "advertiser" text[];--> statement-breakpoint
ALTER TABLE "reference" ADD CONSTRAINT "reference_subject_id_user_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_request" ADD CONSTRAINT "reference_request_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reference_subject_referee_idx" ON "reference" USING btree ("subject_id","referee_email");--> statement-breakpoint
CREATE UNIQUE INDEX "reference_request_token_idx" ON "reference_request" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "reference_request_requester_idx" ON "reference_request" USING btree ("requester_id","created_at");--> statement-breakpoint
ALTER TABLE "listing" ADD CONSTRAINT "listing_advertiser" CHECK ("listing"."advertiser" in ('live_in_landlord', 'live_out_landlord', 'flatmate', 'agent'));