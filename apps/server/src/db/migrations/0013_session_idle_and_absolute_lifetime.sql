ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
-- Sessions open before this migration: their login time is unknown, so their creation stands in for it.
UPDATE "sessions" SET "authenticated_at" = "created_at", "last_used_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "authenticated_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_used_at" SET NOT NULL;
