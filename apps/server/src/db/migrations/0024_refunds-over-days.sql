CREATE TABLE "refund_bank_details" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "route" text DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "paid_out_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "payout_reason" text;--> statement-breakpoint
ALTER TABLE "refund_bank_details" ADD CONSTRAINT "refund_bank_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_status" CHECK ("payment_refunds"."status" in ('processing', 'needsBankDetails', 'awaitingPayout', 'refunded'));--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_route" CHECK ("payment_refunds"."route" in ('original', 'bankTransfer'));--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" >= 0);