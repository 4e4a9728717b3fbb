CREATE TABLE "tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "tips_amount_positive" CHECK ("tips"."amount" > 0),
	CONSTRAINT "tips_status" CHECK ("tips"."status" in ('pending', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "wallet_top_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "wallet_top_ups_amount_positive" CHECK ("wallet_top_ups"."amount" > 0),
	CONSTRAINT "wallet_top_ups_status" CHECK ("wallet_top_ups"."status" in ('pending', 'paid'))
);
--> statement-breakpoint
DROP INDEX "payment_attempts_one_success";--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_top_ups" ADD CONSTRAINT "wallet_top_ups_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tips_order" ON "tips" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "wallet_top_ups_customer" ON "wallet_top_ups" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_success_per_subject" ON "payment_attempts" USING btree ("purpose","subject_id") WHERE "payment_attempts"."status" = 'succeeded' and "payment_attempts"."purpose" <> 'orderExtra';--> statement-breakpoint
CREATE INDEX "payment_attempts_subject" ON "payment_attempts" USING btree ("purpose","subject_id","id");