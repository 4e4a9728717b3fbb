ALTER TABLE "users" ADD COLUMN "failed_password_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_password_at" timestamp with time zone;