CREATE TABLE "care_staff_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "care_staff_audit_subject_known" CHECK ("care_staff_audit"."subject" in ('review', 'complaint'))
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"image_keys" text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reply" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "complaints_status_known" CHECK ("complaints"."status" in ('pending', 'handled', 'rejected')),
	CONSTRAINT "complaints_has_image" CHECK (cardinality("complaints"."image_keys") between 1 and 6),
	CONSTRAINT "complaints_decision_has_reply" CHECK ("complaints"."status" = 'pending' or ("complaints"."reply" is not null and "complaints"."decided_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "tags" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "photo_keys" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "is_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_staff_audit_subject" ON "care_staff_audit" USING btree ("subject","subject_id","at");--> statement-breakpoint
CREATE INDEX "complaints_customer" ON "complaints" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "complaints_status" ON "complaints" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_customer" ON "reviews" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_one_per_order" UNIQUE("order_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tag_count" CHECK (cardinality("reviews"."tags") <= 3);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_photo_count" CHECK (cardinality("reviews"."photo_keys") <= 6);