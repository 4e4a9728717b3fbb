CREATE TABLE "password_attempts" (
	"subject" text NOT NULL,
	"client" text NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "password_attempts_subject_client_pk" PRIMARY KEY("subject","client")
);
--> statement-breakpoint
CREATE INDEX "password_attempts_window" ON "password_attempts" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "sessions_user_device" ON "sessions" USING btree ("user_id","device_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_password_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_password_at";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
-- Sessions open before this migration: their login time is unknown, so their creation stands in for it.
UPDATE "sessions" SET "authenticated_at" = "created_at", "last_used_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "authenticated_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_used_at" SET NOT NULL;
