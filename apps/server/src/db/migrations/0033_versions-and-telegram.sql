CREATE TABLE "app_version_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "app_version_audit_action_known" CHECK ("app_version_audit"."action" in ('publish', 'withdraw'))
);
--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_version_audit" ADD CONSTRAINT "app_version_audit_version_id_app_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."app_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_version_audit" ADD CONSTRAINT "app_version_audit_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_version_audit_version" ON "app_version_audit" USING btree ("version_id","at");