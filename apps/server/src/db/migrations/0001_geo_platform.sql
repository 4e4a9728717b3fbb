CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"status" text DEFAULT 'closed' NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"sort_order" smallint DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cities_status_known" CHECK ("cities"."status" in ('open', 'voting', 'closed')),
	CONSTRAINT "cities_latitude_range" CHECK ("cities"."latitude" between -90 and 90),
	CONSTRAINT "cities_longitude_range" CHECK ("cities"."longitude" between -180 and 180),
	CONSTRAINT "cities_names_has_en" CHECK ("cities"."names" ? 'en')
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"iso2" text NOT NULL,
	"area_code" text NOT NULL,
	"currency" text NOT NULL,
	"sort_order" smallint DEFAULT 100 NOT NULL,
	CONSTRAINT "countries_iso2_unique" UNIQUE("iso2"),
	CONSTRAINT "countries_iso2_format" CHECK ("countries"."iso2" ~ '^[A-Z]{2}$'),
	CONSTRAINT "countries_area_code_format" CHECK ("countries"."area_code" ~ '^[0-9]{1,4}$'),
	CONSTRAINT "countries_currency_format" CHECK ("countries"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "app_configs" (
	"type" integer PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_configs_value_is_json" CHECK ("app_configs"."value"::jsonb is not null)
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"classify" integer NOT NULL,
	"version" text NOT NULL,
	"hw_version" text DEFAULT '' NOT NULL,
	"hw_wgt_url" text DEFAULT '' NOT NULL,
	"ios_version" text DEFAULT '' NOT NULL,
	"ios_wgt_url" text DEFAULT '' NOT NULL,
	"android_wgt_url" text DEFAULT '' NOT NULL,
	"is_forced" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_versions_version_dotted" CHECK ("app_versions"."version" ~ '^[0-9]+(\.[0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_versions_classify_published" ON "app_versions" USING btree ("classify","published_at");