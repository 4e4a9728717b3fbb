-- Every change to a therapist row moves updated_at, whoever writes it (including the triggers of
-- migration 0006 that refresh project_ids and badges): the in-process nearby index reads the rows
-- changed since its last look. clock_timestamp, not now(): rows changed late in a long
-- transaction must not look older than they are.
CREATE FUNCTION therapists_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER therapists_touch BEFORE UPDATE ON therapists
  FOR EACH ROW EXECUTE FUNCTION therapists_touch_updated_at();
