CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unique_key" text,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_known" CHECK ("jobs"."state" in ('pending', 'running', 'done', 'dead', 'cancelled')),
	CONSTRAINT "jobs_attempts_bounded" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE INDEX "jobs_pending_due" ON "jobs" USING btree ("run_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_running_lease" ON "jobs" USING btree ("locked_until") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "jobs_finished" ON "jobs" USING btree ("finished_at") WHERE state in ('done', 'cancelled');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_live_unique_key" ON "jobs" USING btree ("name","unique_key") WHERE unique_key is not null and state in ('pending', 'running');