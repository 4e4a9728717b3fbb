CREATE TABLE "city_votes" (
	"city_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "city_votes_city_id_user_id_pk" PRIMARY KEY("city_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer,
	"therapist_id" integer,
	"store_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_project" UNIQUE("user_id","project_id"),
	CONSTRAINT "favourites_user_therapist" UNIQUE("user_id","therapist_id"),
	CONSTRAINT "favourites_user_store" UNIQUE("user_id","store_id"),
	CONSTRAINT "favourites_one_target" CHECK (num_nonnulls(project_id, therapist_id, store_id) = 1)
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"user_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_user_id_therapist_id_pk" PRIMARY KEY("user_id","therapist_id")
);
--> statement-breakpoint
CREATE TABLE "footprints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer,
	"therapist_id" integer,
	"store_id" integer,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "footprints_user_project" UNIQUE("user_id","project_id"),
	CONSTRAINT "footprints_user_therapist" UNIQUE("user_id","therapist_id"),
	CONSTRAINT "footprints_user_store" UNIQUE("user_id","store_id"),
	CONSTRAINT "footprints_one_target" CHECK (num_nonnulls(project_id, therapist_id, store_id) = 1)
);
--> statement-breakpoint
CREATE TABLE "therapist_visits" (
	"therapist_id" integer NOT NULL,
	"visitor_id" integer NOT NULL,
	"visit_count" integer DEFAULT 1 NOT NULL,
	"last_visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapist_visits_therapist_id_visitor_id_pk" PRIMARY KEY("therapist_id","visitor_id"),
	CONSTRAINT "therapist_visits_count_positive" CHECK ("therapist_visits"."visit_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "city_votes" ADD CONSTRAINT "city_votes_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_votes" ADD CONSTRAINT "city_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_project_id_service_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."service_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footprints" ADD CONSTRAINT "footprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footprints" ADD CONSTRAINT "footprints_project_id_service_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."service_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footprints" ADD CONSTRAINT "footprints_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "footprints" ADD CONSTRAINT "footprints_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_visits" ADD CONSTRAINT "therapist_visits_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_visits" ADD CONSTRAINT "therapist_visits_visitor_id_users_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_votes_user" ON "city_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "favourites_user_created" ON "favourites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "follows_therapist_created" ON "follows" USING btree ("therapist_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "footprints_user_viewed" ON "footprints" USING btree ("user_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "therapist_visits_recent" ON "therapist_visits" USING btree ("therapist_id","last_visited_at" DESC NULLS LAST);