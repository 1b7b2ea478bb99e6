ALTER TABLE "user" ADD COLUMN "is_example" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The demo people seeded before this column existed (their addresses are on the reserved .test domain).
UPDATE "user" SET "is_example" = true WHERE "email" LIKE '%@demo.nestmate.test';
