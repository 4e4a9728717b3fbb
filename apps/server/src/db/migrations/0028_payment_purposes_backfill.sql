-- Decision 045 (hand-written): attempts made before purposes existed paid their order, whose id is
-- their subject; from now on every attempt names its subject. The purpose itself is not listed in
-- a CHECK: a new purpose (VIP) is one handler in code, not a migration.
UPDATE "payment_attempts" SET "subject_id" = "order_id" WHERE "subject_id" IS NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_subject_named" CHECK ("subject_id" IS NOT NULL);
