ALTER TABLE "therapists" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "therapists_updated" ON "therapists" USING btree ("updated_at");