CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"rail" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"may_go_negative" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_id_currency" UNIQUE("id","currency"),
	CONSTRAINT "ledger_accounts_currency" CHECK ("ledger_accounts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "ledger_accounts_negative_by_purpose" CHECK ("ledger_accounts"."may_go_negative" = ("ledger_accounts"."purpose" in ('providerOwes', 'couponExpense', 'railClearing'))),
	CONSTRAINT "ledger_accounts_balance_not_negative" CHECK ("ledger_accounts"."may_go_negative" or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"actor_user_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"reverses_entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_postings_amount_not_zero" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_currency" FOREIGN KEY ("account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_identity" ON "ledger_accounts" USING btree ("owner_kind","owner_id","purpose","rail","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_event_key" ON "ledger_entries" USING btree ("event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reverses" ON "ledger_entries" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order" ON "ledger_entries" USING btree ("order_id","id") WHERE "ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_postings_entry" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_account" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
-- The ledger is append-only (issue #14): a mistake is corrected by a reversing entry, never by an edit.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'raise_exception', HINT = 'post a reversing entry instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON "ledger_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON "ledger_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- An account's balance is the sum of its postings: it changes only here, as a posting is written,
-- in the same transaction. The balance CHECK refuses a wallet going below zero; the row lock of
-- this UPDATE serialises concurrent postings to one account.
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_accounts" SET "balance" = "balance" + NEW."amount" WHERE "id" = NEW."account_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON "ledger_postings"
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();--> statement-breakpoint
-- Nothing else may touch an account's balance or identity: a direct UPDATE (trigger depth 1) is refused.
CREATE FUNCTION ledger_guard_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."id" <> OLD."id" OR NEW."owner_kind" <> OLD."owner_kind" OR NEW."owner_id" <> OLD."owner_id"
     OR NEW."purpose" <> OLD."purpose" OR NEW."rail" <> OLD."rail" OR NEW."currency" <> OLD."currency"
     OR NEW."may_go_negative" <> OLD."may_go_negative" THEN
    RAISE EXCEPTION 'a ledger account''s identity never changes' USING ERRCODE = 'raise_exception';
  END IF;
  IF NEW."balance" <> OLD."balance" AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a ledger balance changes only by posting' USING ERRCODE = 'raise_exception';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();--> statement-breakpoint
-- A new account starts at zero: money arrives only through postings.
CREATE FUNCTION ledger_account_starts_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."balance" <> 0 THEN
    RAISE EXCEPTION 'a ledger account starts at zero' USING ERRCODE = 'raise_exception';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_start_empty BEFORE INSERT ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION ledger_account_starts_empty();--> statement-breakpoint
-- Every entry balances, per currency, and has postings: checked at commit (deferred), once the
-- whole entry is written, so the postings can be inserted one by one.
CREATE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target bigint;
  unbalanced text;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    target := NEW."id";
  ELSE
    target := NEW."entry_id";
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "ledger_postings" AS p WHERE p."entry_id" = target) THEN
    RAISE EXCEPTION 'ledger entry % has no postings', target USING ERRCODE = 'check_violation';
  END IF;
  SELECT string_agg(off."currency" || ' ' || off.total, ', ') INTO unbalanced FROM (
    SELECT p."currency", sum(p."amount") AS total FROM "ledger_postings" AS p
    WHERE p."entry_id" = target GROUP BY p."currency" HAVING sum(p."amount") <> 0
  ) AS off;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % does not balance: %', target, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();
