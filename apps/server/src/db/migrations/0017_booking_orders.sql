CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"contact_name" text NOT NULL,
	"gender_title" text NOT NULL,
	"phone_e164" text NOT NULL,
	"place_type" text NOT NULL,
	"detail" text NOT NULL,
	"house_number" text DEFAULT '' NOT NULL,
	"arrival_notes" text DEFAULT '' NOT NULL,
	"photo_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "addresses_place_type_known" CHECK ("addresses"."place_type" in ('house', 'villa', 'apartment', 'condo', 'hotel')),
	CONSTRAINT "addresses_house_number_required" CHECK ("addresses"."place_type" not in ('villa', 'apartment') or btrim("addresses"."house_number") <> ''),
	CONSTRAINT "addresses_photos_at_most_5" CHECK (jsonb_array_length("addresses"."photo_keys") <= 5),
	CONSTRAINT "addresses_phone_e164" CHECK ("addresses"."phone_e164" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "addresses_latitude_range" CHECK ("addresses"."latitude" between -90 and 90),
	CONSTRAINT "addresses_longitude_range" CHECK ("addresses"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "city_booking_settings" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"transition" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_status_history_actor_known" CHECK ("order_status_history"."actor" in ('customer', 'provider', 'store', 'staff', 'system'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer NOT NULL,
	"therapist_id" integer,
	"store_id" integer,
	"project_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"clocks" smallint NOT NULL,
	"extra_clocks" smallint DEFAULT 0 NOT NULL,
	"duration_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"busy_start" timestamp with time zone NOT NULL,
	"busy_end" timestamp with time zone NOT NULL,
	"travel_mode" text,
	"travel_minutes" integer DEFAULT 0 NOT NULL,
	"distance_metres" integer DEFAULT 0 NOT NULL,
	"address" jsonb,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"quote" jsonb NOT NULL,
	"currency" text NOT NULL,
	"payable" bigint NOT NULL,
	"status" smallint NOT NULL,
	"adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settlement" jsonb,
	"verification_code" text,
	"urged_at" timestamp with time zone,
	"hidden_by_customer_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_kind_known" CHECK ("orders"."kind" in ('homeVisit', 'inStore')),
	CONSTRAINT "orders_clocks_positive" CHECK ("orders"."clocks" >= 1 and "orders"."extra_clocks" >= 0),
	CONSTRAINT "orders_busy_ordered" CHECK ("orders"."busy_end" > "orders"."busy_start"),
	CONSTRAINT "orders_service_ordered" CHECK ("orders"."ends_at" > "orders"."starts_at"),
	CONSTRAINT "orders_home_visit_shape" CHECK ("orders"."kind" <> 'homeVisit' or ("orders"."therapist_id" is not null and "orders"."address" is not null and "orders"."travel_mode" is not null)),
	CONSTRAINT "orders_in_store_shape" CHECK ("orders"."kind" <> 'inStore' or ("orders"."store_id" is not null and "orders"."verification_code" is not null)),
	CONSTRAINT "orders_payable_nonnegative" CHECK ("orders"."payable" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_staff" (
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "store_staff_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "therapist_days_off" (
	"therapist_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "therapist_days_off_therapist_id_day_pk" PRIMARY KEY("therapist_id","day")
);
--> statement-breakpoint
CREATE TABLE "therapist_time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"therapist_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "therapist_time_off_ordered" CHECK ("therapist_time_off"."ends_at" > "therapist_time_off"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "therapist_working_hours" (
	"therapist_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	CONSTRAINT "therapist_working_hours_therapist_id_weekday_start_time_pk" PRIMARY KEY("therapist_id","weekday","start_time"),
	CONSTRAINT "therapist_working_hours_weekday" CHECK ("therapist_working_hours"."weekday" between 1 and 7),
	CONSTRAINT "therapist_working_hours_times" CHECK ("therapist_working_hours"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "therapist_working_hours"."end_time" ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$')
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_booking_settings" ADD CONSTRAINT "city_booking_settings_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_project_id_service_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."service_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_staff" ADD CONSTRAINT "store_staff_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_staff" ADD CONSTRAINT "store_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_days_off" ADD CONSTRAINT "therapist_days_off_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_time_off" ADD CONSTRAINT "therapist_time_off_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_working_hours" ADD CONSTRAINT "therapist_working_hours_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_owner" ON "addresses" USING btree ("user_id","id") WHERE "addresses"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default" and "addresses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "order_status_history_order" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "orders_therapist_busy" ON "orders" USING btree ("therapist_id","busy_start");--> statement-breakpoint
CREATE INDEX "orders_store" ON "orders" USING btree ("store_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_verification_code" ON "orders" USING btree ("store_id","verification_code") WHERE "orders"."verification_code" is not null and "orders"."status" in (10, 110, 120);--> statement-breakpoint
CREATE INDEX "store_staff_user" ON "store_staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "therapist_time_off_therapist" ON "therapist_time_off" USING btree ("therapist_id","starts_at");--> statement-breakpoint
-- No double booking (issue #13): two live orders of one therapist never hold overlapping busy time.
-- The status list is LIVE_STATUS_CODES of packages/shared/src/booking/order-status.ts (a test compares them).
ALTER TABLE "orders" ADD CONSTRAINT "orders_no_double_booking" EXCLUDE USING gist ("therapist_id" WITH =, tstzrange("busy_start", "busy_end", '[)') WITH &&) WHERE ("status" in (10, 20, 30, 40, 50, 60, 110, 120));
