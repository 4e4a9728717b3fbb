ALTER TABLE "therapists" DROP CONSTRAINT "therapists_later_has_time";--> statement-breakpoint
ALTER TABLE "therapists" DROP CONSTRAINT "therapists_state_known";--> statement-breakpoint
ALTER TABLE "therapists" DROP COLUMN "available_from";--> statement-breakpoint
-- Hand-written (decision 036): "bookable later" is derived now; such a therapist is simply online.
UPDATE "therapists" SET "state" = 'available' WHERE "state" = 'bookable_later';--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_state_known" CHECK ("therapists"."state" in ('available', 'resting'));