CREATE TABLE "viewing_share" (
	"viewing_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viewing_share_token_idx" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "money_ask" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "viewing_share" ADD CONSTRAINT "viewing_share_viewing_id_viewing_id_fk" FOREIGN KEY ("viewing_id") REFERENCES "public"."viewing"("id") ON DELETE cascade ON UPDATE no action;