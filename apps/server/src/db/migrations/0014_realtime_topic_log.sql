CREATE TABLE "realtime_events" (
	"topic" text NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb,
	"outbox_event_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "realtime_events_topic_seq_pk" PRIMARY KEY("topic","seq")
);
--> statement-breakpoint
CREATE TABLE "realtime_topics" (
	"topic" text PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "realtime_events_outbox_event" ON "realtime_events" USING btree ("topic","outbox_event_id") WHERE outbox_event_id is not null;--> statement-breakpoint
CREATE INDEX "realtime_events_created" ON "realtime_events" USING btree ("created_at");