CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"aggregate_type" text NOT NULL,
	"aggregate_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_events_pending_by_aggregate" ON "outbox_events" USING btree ("aggregate_type","aggregate_id","id") WHERE dispatched_at is null;--> statement-breakpoint
CREATE INDEX "outbox_events_dispatched" ON "outbox_events" USING btree ("dispatched_at") WHERE dispatched_at is not null;