CREATE TABLE "kept_message" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"context" jsonb NOT NULL,
	"kept_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kept_message_kept_until_idx" ON "kept_message" USING btree ("kept_until");