CREATE TABLE "agreement_acceptances" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"context" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agreement_acceptances_user_id_kind_version_pk" PRIMARY KEY("user_id","kind","version"),
	CONSTRAINT "agreement_acceptances_context_known" CHECK ("agreement_acceptances"."context" in ('signUp', 'order', 'prompt'))
);
--> statement-breakpoint
CREATE TABLE "agreement_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" integer,
	CONSTRAINT "agreement_versions_kind_version" UNIQUE("kind","version"),
	CONSTRAINT "agreement_versions_kind_known" CHECK ("agreement_versions"."kind" in ('user', 'privacy', 'order')),
	CONSTRAINT "agreement_versions_version_positive" CHECK ("agreement_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "help_article_texts" (
	"article_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "help_article_texts_article_id_language_pk" PRIMARY KEY("article_id","language"),
	CONSTRAINT "help_article_texts_language_known" CHECK ("help_article_texts"."language" in ('en', 'km', 'th', 'vi', 'zh-CN', 'zh-TW'))
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed_key" text,
	"category" text NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_articles_seed_key_unique" UNIQUE("seed_key"),
	CONSTRAINT "help_articles_category_known" CHECK ("help_articles"."category" in ('booking', 'payment', 'cancellation', 'safety', 'therapists', 'account'))
);
--> statement-breakpoint
CREATE TABLE "help_staff_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_staff_audit_subject_known" CHECK ("help_staff_audit"."subject" in ('article', 'agreement'))
);
--> statement-breakpoint
ALTER TABLE "agreement_acceptances" ADD CONSTRAINT "agreement_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_versions" ADD CONSTRAINT "agreement_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_article_texts" ADD CONSTRAINT "help_article_texts_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_articles_listing" ON "help_articles" USING btree ("is_published","category","sort_order");--> statement-breakpoint
CREATE INDEX "help_staff_audit_subject" ON "help_staff_audit" USING btree ("subject","subject_id","at");