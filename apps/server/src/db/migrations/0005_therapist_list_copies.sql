ALTER TABLE "therapists" ADD COLUMN "project_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "badges" text[] DEFAULT '{}' NOT NULL;