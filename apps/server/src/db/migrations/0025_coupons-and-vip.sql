CREATE TABLE "coupon_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"percent_basis_points" integer DEFAULT 0 NOT NULL,
	"cap_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"minimum_amount" bigint DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"code_count" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_batches_kind" CHECK ("coupon_batches"."kind" in ('amount', 'percent')),
	CONSTRAINT "coupon_batches_window" CHECK ("coupon_batches"."valid_until" > "coupon_batches"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "coupon_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"batch_id" integer,
	"code_hash" text,
	"kind" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"percent_basis_points" integer DEFAULT 0 NOT NULL,
	"cap_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"minimum_amount" bigint DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"order_id" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_code_once" UNIQUE("code_hash"),
	CONSTRAINT "coupons_kind" CHECK ("coupons"."kind" in ('amount', 'percent')),
	CONSTRAINT "coupons_status" CHECK ("coupons"."status" in ('unused', 'used')),
	CONSTRAINT "coupons_used_has_order" CHECK (("coupons"."status" = 'used') = ("coupons"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "vip_city_settings" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purchase_key" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"city_id" integer,
	"price" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vip_memberships_purchase_once" UNIQUE("purchase_key"),
	CONSTRAINT "vip_memberships_window" CHECK ("vip_memberships"."ends_at" > "vip_memberships"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "coupon_batches" ADD CONSTRAINT "coupon_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_codes" ADD CONSTRAINT "coupon_codes_batch_id_coupon_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."coupon_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_batch_id_coupon_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."coupon_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_city_settings" ADD CONSTRAINT "vip_city_settings_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_memberships" ADD CONSTRAINT "vip_memberships_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_user" ON "coupons" USING btree ("user_id","status","valid_until");--> statement-breakpoint
CREATE INDEX "coupons_order" ON "coupons" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vip_memberships_user_end" ON "vip_memberships" USING btree ("user_id","ends_at");