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
ALTER TABLE "users" DROP COLUMN "failed_password_at";