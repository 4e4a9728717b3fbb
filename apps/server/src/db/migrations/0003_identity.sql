CREATE TABLE "notice_reads" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_user_id_notice_id_pk" PRIMARY KEY("user_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"os" smallint DEFAULT 0 NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"device_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sessions_expiry_after_creation" CHECK ("sessions"."expires_at" > "sessions"."created_at")
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_e164" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"salt" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "sms_codes_purpose_known" CHECK (purpose in ('register', 'login', 'resetPassword', 'bindPhone', 'changePhone')),
	CONSTRAINT "sms_codes_attempts_range" CHECK ("sms_codes"."attempts" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_known" CHECK (role in ('customer', 'provider', 'merchant', 'channel_partner', 'promoter', 'customer_service', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"nickname" text NOT NULL,
	"avatar_key" text,
	"phone_e164" text,
	"password_hash" text,
	"vip_level" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_logout" smallint DEFAULT 1 NOT NULL,
	"invited_with_code" text,
	"push_client_id" text,
	"push_platform" smallint,
	"cancellation_requested_at" timestamp with time zone,
	"cancellation_due_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"banned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_user_name_unique" UNIQUE("user_name"),
	CONSTRAINT "users_status_known" CHECK ("users"."status" in (1, 2)),
	CONSTRAINT "users_is_logout_known" CHECK ("users"."is_logout" in (1, 2, 3)),
	CONSTRAINT "users_phone_e164" CHECK ("users"."phone_e164" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "users_pending_has_due" CHECK ("users"."is_logout" <> 2 or ("users"."cancellation_due_at" is not null and "users"."cancellation_requested_at" is not null)),
	CONSTRAINT "users_cancelled_has_time" CHECK ("users"."is_logout" <> 3 or "users"."cancelled_at" is not null),
	CONSTRAINT "users_nickname_length" CHECK (char_length("users"."nickname") between 1 and 32)
);
--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_user_created" ON "notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_live" ON "sessions" USING btree ("user_id") WHERE "sessions"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "sms_codes_phone_purpose_created" ON "sms_codes" USING btree ("phone_e164","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_created" ON "sms_codes" USING btree ("phone_e164","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_ip_created" ON "sms_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_live_phone" ON "users" USING btree ("phone_e164") WHERE "users"."is_logout" <> 3;--> statement-breakpoint
CREATE INDEX "users_phone" ON "users" USING btree ("phone_e164");--> statement-breakpoint
CREATE INDEX "users_cancellation_due" ON "users" USING btree ("cancellation_due_at") WHERE "users"."is_logout" = 2;