-- Every change also records its transaction, so the nearby index can read exactly the rows
-- changed since the oldest transaction still running at its previous look (see catalog.ts).
CREATE OR REPLACE FUNCTION therapists_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END $$;
