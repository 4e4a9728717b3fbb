ALTER TABLE "payment_attempts" ADD COLUMN "bill_number" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "payee_name" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "provider_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_attempts_pending_expiry" ON "payment_attempts" USING btree ("expires_at") WHERE "payment_attempts"."status" = 'pending';