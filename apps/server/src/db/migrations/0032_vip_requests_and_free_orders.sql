CREATE TABLE "vip_purchase_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "vip_purchase_requests_price_positive" CHECK ("vip_purchase_requests"."price" > 0 and "vip_purchase_requests"."vat" >= 0),
	CONSTRAINT "vip_purchase_requests_status" CHECK ("vip_purchase_requests"."status" in ('pending', 'paid'))
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_amount_positive";--> statement-breakpoint
ALTER TABLE "vip_purchase_requests" ADD CONSTRAINT "vip_purchase_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_purchase_requests" ADD CONSTRAINT "vip_purchase_requests_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vip_purchase_requests_user" ON "vip_purchase_requests" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_amount_positive" CHECK ("payment_attempts"."amount" > 0 or ("payment_attempts"."amount" = 0 and "payment_attempts"."purpose" = 'order' and "payment_attempts"."method" = 'wallet'));