-- The therapist list scans therapists nearest-first and must not join per row: therapists keep
-- copies of what they offer (project_ids) and of their verified certificate kinds (badges).
-- Statement-level triggers with transition tables recompute the copies once per statement, for
-- the therapists the statement touched, whoever writes the source tables.
CREATE FUNCTION therapists_refresh_project_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE therapists t SET project_ids = coalesce(
    (SELECT array_agg(tp.project_id ORDER BY tp.project_id) FROM therapist_projects tp WHERE tp.therapist_id = t.id),
    '{}')
  WHERE t.id IN (SELECT therapist_id FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER therapist_projects_inserted AFTER INSERT ON therapist_projects
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION therapists_refresh_project_ids();
--> statement-breakpoint
CREATE TRIGGER therapist_projects_deleted AFTER DELETE ON therapist_projects
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION therapists_refresh_project_ids();
--> statement-breakpoint
-- A junction row is never edited in place; moving one is a delete and an insert.
CREATE FUNCTION therapist_projects_forbid_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'therapist_projects rows are inserted or deleted, never updated';
END $$;
--> statement-breakpoint
CREATE TRIGGER therapist_projects_no_update BEFORE UPDATE ON therapist_projects
  FOR EACH ROW EXECUTE FUNCTION therapist_projects_forbid_update();
--> statement-breakpoint
CREATE FUNCTION therapists_refresh_badges() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE therapists t SET badges = coalesce(
    (SELECT array_agg(DISTINCT c.kind ORDER BY c.kind) FROM therapist_certificates c
      WHERE c.therapist_id = t.id AND c.verified_at IS NOT NULL),
    '{}')
  WHERE t.id IN (SELECT therapist_id FROM changed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION therapists_refresh_badges_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE therapists t SET badges = coalesce(
    (SELECT array_agg(DISTINCT c.kind ORDER BY c.kind) FROM therapist_certificates c
      WHERE c.therapist_id = t.id AND c.verified_at IS NOT NULL),
    '{}')
  WHERE t.id IN (SELECT therapist_id FROM old_rows UNION SELECT therapist_id FROM new_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER therapist_certificates_inserted AFTER INSERT ON therapist_certificates
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION therapists_refresh_badges();
--> statement-breakpoint
CREATE TRIGGER therapist_certificates_deleted AFTER DELETE ON therapist_certificates
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION therapists_refresh_badges();
--> statement-breakpoint
CREATE TRIGGER therapist_certificates_updated AFTER UPDATE ON therapist_certificates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION therapists_refresh_badges_on_update();
--> statement-breakpoint
-- Databases that already hold therapists get their copies now.
UPDATE therapists t SET
  project_ids = coalesce(
    (SELECT array_agg(tp.project_id ORDER BY tp.project_id) FROM therapist_projects tp WHERE tp.therapist_id = t.id),
    '{}'),
  badges = coalesce(
    (SELECT array_agg(DISTINCT c.kind ORDER BY c.kind) FROM therapist_certificates c
      WHERE c.therapist_id = t.id AND c.verified_at IS NOT NULL),
    '{}');
