CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text DEFAULT 'in_progress' NOT NULL,
	"status_code" integer,
	"body" text,
	"created_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "idempotency_keys_state" CHECK ("idempotency_keys"."state" in ('in_progress', 'completed')),
	CONSTRAINT "idempotency_keys_completed_has_answer" CHECK ("idempotency_keys"."state" = 'in_progress' or ("idempotency_keys"."status_code" is not null and "idempotency_keys"."body" is not null))
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires" ON "idempotency_keys" USING btree ("expires_at");