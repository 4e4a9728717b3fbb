CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer,
	"titles" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort_order" smallint DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"names" jsonb NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort_order" smallint DEFAULT 100 NOT NULL,
	CONSTRAINT "categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"per_usd" double precision NOT NULL,
	"minor_digits" smallint DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_currency_format" CHECK ("currency_rates"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "currency_rates_positive" CHECK ("currency_rates"."per_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"therapist_id" integer,
	"store_id" integer,
	"rating" smallint NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_has_target" CHECK ("reviews"."therapist_id" is not null or "reviews"."store_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "service_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" bigint NOT NULL,
	"member_price" bigint NOT NULL,
	"currency" text NOT NULL,
	"extra_unit_minutes" integer NOT NULL,
	"extra_unit_price" bigint NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 100 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(names->>'en','') || ' ' || coalesce(names->>'km','') || ' ' || coalesce(names->>'th','') || ' ' || coalesce(names->>'vi','') || ' ' || coalesce(names->>'zh-CN','') || ' ' || coalesce(names->>'zh-TW',''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_projects_duration_positive" CHECK ("service_projects"."duration_minutes" > 0),
	CONSTRAINT "service_projects_price_nonnegative" CHECK ("service_projects"."price" >= 0),
	CONSTRAINT "service_projects_member_price" CHECK ("service_projects"."member_price" between 0 and "service_projects"."price"),
	CONSTRAINT "service_projects_extra_unit" CHECK ("service_projects"."extra_unit_minutes" > 0 and "service_projects"."extra_unit_price" >= 0),
	CONSTRAINT "service_projects_currency_format" CHECK ("service_projects"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "service_projects_names_has_en" CHECK ("service_projects"."names" ? 'en')
);
--> statement-breakpoint
CREATE TABLE "store_projects" (
	"store_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "store_projects_store_id_project_id_pk" PRIMARY KEY("store_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"addresses" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"licence_number" text DEFAULT '' NOT NULL,
	"licence_image" text DEFAULT '' NOT NULL,
	"licence_verified_at" timestamp with time zone,
	"rating" double precision DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(names->>'en','') || ' ' || coalesce(names->>'km','') || ' ' || coalesce(names->>'th','') || ' ' || coalesce(names->>'vi','') || ' ' || coalesce(names->>'zh-CN','') || ' ' || coalesce(names->>'zh-TW',''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_latitude_range" CHECK ("stores"."latitude" between -90 and 90),
	CONSTRAINT "stores_longitude_range" CHECK ("stores"."longitude" between -180 and 180),
	CONSTRAINT "stores_rating_range" CHECK ("stores"."rating" between 0 and 5),
	CONSTRAINT "stores_names_has_en" CHECK ("stores"."names" ? 'en')
);
--> statement-breakpoint
CREATE TABLE "therapist_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"therapist_id" integer NOT NULL,
	"kind" text NOT NULL,
	"issued_on" date,
	"verified_at" timestamp with time zone,
	CONSTRAINT "therapist_certificates_kind_known" CHECK ("therapist_certificates"."kind" in ('real_name', 'health_check', 'skill'))
);
--> statement-breakpoint
CREATE TABLE "therapist_projects" (
	"therapist_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "therapist_projects_therapist_id_project_id_pk" PRIMARY KEY("therapist_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "therapists" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"store_id" integer,
	"user_id" integer,
	"display_name" text NOT NULL,
	"gender" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"introductions" jsonb NOT NULL,
	"service_areas" jsonb NOT NULL,
	"service_radius_km" smallint DEFAULT 10 NOT NULL,
	"skills" text[] DEFAULT '{}' NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"nationality" text DEFAULT 'KH' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"rating" double precision DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'resting' NOT NULL,
	"available_from" timestamp with time zone,
	"is_banned" boolean DEFAULT false NOT NULL,
	"from_price" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(display_name || ' ' || coalesce(introductions->>'en',''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapists_gender_known" CHECK ("therapists"."gender" in ('female', 'male')),
	CONSTRAINT "therapists_state_known" CHECK ("therapists"."state" in ('available', 'bookable_later', 'resting')),
	CONSTRAINT "therapists_later_has_time" CHECK ("therapists"."state" <> 'bookable_later' or "therapists"."available_from" is not null),
	CONSTRAINT "therapists_latitude_range" CHECK ("therapists"."latitude" between -90 and 90),
	CONSTRAINT "therapists_longitude_range" CHECK ("therapists"."longitude" between -180 and 180),
	CONSTRAINT "therapists_rating_range" CHECK ("therapists"."rating" between 0 and 5),
	CONSTRAINT "therapists_from_price_nonnegative" CHECK ("therapists"."from_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_projects" ADD CONSTRAINT "service_projects_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_projects" ADD CONSTRAINT "service_projects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_projects" ADD CONSTRAINT "store_projects_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_projects" ADD CONSTRAINT "store_projects_project_id_service_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."service_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_certificates" ADD CONSTRAINT "therapist_certificates_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_projects" ADD CONSTRAINT "therapist_projects_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_projects" ADD CONSTRAINT "therapist_projects_project_id_service_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."service_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_city" ON "banners" USING btree ("city_id","sort_order");--> statement-breakpoint
CREATE INDEX "reviews_therapist" ON "reviews" USING btree ("therapist_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_store" ON "reviews" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_projects_city" ON "service_projects" USING btree ("city_id","sort_order");--> statement-breakpoint
CREATE INDEX "service_projects_search" ON "service_projects" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_projects_project" ON "store_projects" USING btree ("project_id","store_id");--> statement-breakpoint
CREATE INDEX "stores_location_knn" ON "stores" USING gist (ll_to_earth(latitude, longitude)) WHERE is_active;--> statement-breakpoint
CREATE INDEX "stores_search" ON "stores" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "therapist_certificates_therapist" ON "therapist_certificates" USING btree ("therapist_id");--> statement-breakpoint
CREATE INDEX "therapist_projects_project" ON "therapist_projects" USING btree ("project_id","therapist_id");--> statement-breakpoint
CREATE INDEX "therapists_listable_knn" ON "therapists" USING gist (ll_to_earth(latitude, longitude)) WHERE not is_banned and state <> 'resting';--> statement-breakpoint
CREATE INDEX "therapists_listable_rating" ON "therapists" USING btree ("city_id","rating" DESC NULLS LAST,"id") WHERE not is_banned and state <> 'resting';--> statement-breakpoint
CREATE INDEX "therapists_listable_popularity" ON "therapists" USING btree ("city_id","order_count" DESC NULLS LAST,"id") WHERE not is_banned and state <> 'resting';--> statement-breakpoint
CREATE INDEX "therapists_listable_price" ON "therapists" USING btree ("city_id","from_price","id") WHERE not is_banned and state <> 'resting';--> statement-breakpoint
CREATE INDEX "therapists_store" ON "therapists" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "therapists_search" ON "therapists" USING gin ("search_text" gin_trgm_ops);