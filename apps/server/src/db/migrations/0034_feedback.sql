CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"image_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feedback_status_known" CHECK ("feedback"."status" in ('pending', 'processing', 'handled', 'closed')),
	CONSTRAINT "feedback_images_limit" CHECK (cardinality("feedback"."image_keys") <= 4),
	CONSTRAINT "feedback_description_present" CHECK (length("feedback"."description") > 0)
);
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feedback_replies_author_known" CHECK ("feedback_replies"."author" in ('customer', 'staff')),
	CONSTRAINT "feedback_replies_text_present" CHECK (length("feedback_replies"."text") > 0)
);
--> statement-breakpoint
ALTER TABLE "care_staff_audit" DROP CONSTRAINT "care_staff_audit_subject_known";--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_customer" ON "feedback" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_status" ON "feedback" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback" ON "feedback_replies" USING btree ("feedback_id","id");--> statement-breakpoint
ALTER TABLE "care_staff_audit" ADD CONSTRAINT "care_staff_audit_subject_known" CHECK ("care_staff_audit"."subject" in ('review', 'complaint', 'feedback'));