CREATE TABLE "withdrawal_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"account_type" text DEFAULT 'savings' NOT NULL,
	"payee_name" text NOT NULL,
	"account_number" text NOT NULL,
	"bank_name" text NOT NULL,
	"card_image_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "withdrawal_accounts_method" CHECK ("withdrawal_accounts"."method" in ('bank', 'eWallet')),
	CONSTRAINT "withdrawal_accounts_savings_only" CHECK ("withdrawal_accounts"."account_type" = 'savings')
);
--> statement-breakpoint
CREATE TABLE "withdrawal_city_settings" (
	"city_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_staff_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"account" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"hold_entry_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_fee_not_negative" CHECK ("withdrawals"."fee" >= 0),
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('pending', 'processing', 'success', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "withdrawal_accounts" ADD CONSTRAINT "withdrawal_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_city_settings" ADD CONSTRAINT "withdrawal_city_settings_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_staff_audit" ADD CONSTRAINT "withdrawal_staff_audit_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_staff_audit" ADD CONSTRAINT "withdrawal_staff_audit_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_account_id_withdrawal_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."withdrawal_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_entry_id_ledger_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_accounts_user" ON "withdrawal_accounts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawal_staff_audit_withdrawal" ON "withdrawal_staff_audit" USING btree ("withdrawal_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status" ON "withdrawals" USING btree ("status","id");