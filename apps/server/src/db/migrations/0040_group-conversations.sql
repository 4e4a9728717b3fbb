CREATE TABLE "chat_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"store_id" integer,
	"owner_id" integer,
	"introduction" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_groups_kind_known" CHECK ("chat_groups"."kind" in ('storeTeam', 'partnerTeam')),
	CONSTRAINT "chat_groups_kind_target" CHECK (("chat_groups"."kind" = 'storeTeam' and "chat_groups"."store_id" is not null and "chat_groups"."owner_id" is null)
        or ("chat_groups"."kind" = 'partnerTeam' and "chat_groups"."owner_id" is not null and "chat_groups"."store_id" is null))
);
--> statement-breakpoint
CREATE TABLE "partner_invitation_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_invitation_codes_code_form" CHECK ("partner_invitation_codes"."code" ~ '^[A-Z0-9]{4,16}$')
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ALTER COLUMN "pair_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_members" ALTER COLUMN "peer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "to_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD COLUMN "type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_invitation_codes" ADD CONSTRAINT "partner_invitation_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_groups_conversation" ON "chat_groups" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_groups_store" ON "chat_groups" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_groups_owner" ON "chat_groups" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_invitation_codes_code" ON "partner_invitation_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "users_invited_with_code" ON "users" USING btree (upper("invited_with_code")) WHERE "users"."invited_with_code" is not null;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_type_known" CHECK ("chat_conversations"."type" in (1, 2));--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_single_has_pair" CHECK (("chat_conversations"."type" = 1) = ("chat_conversations"."pair_key" is not null));--> statement-breakpoint
-- Team groups (decision 061): a group's members are kept in step with the team in the same
-- transaction as the change, by whichever path makes it (seed, staff tools, SQL). Each sync
-- recomputes one group's whole member set: teams are small and changes rare, and a full
-- recompute cannot drift. Members who stay keep their unread count, read state and settings.
CREATE FUNCTION chat_sync_store_team(p_store_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v_conversation integer;
BEGIN
  IF p_store_id IS NULL THEN RETURN; END IF;
  -- One sync per store at a time, so two changes never both create the store's group.
  PERFORM 1 FROM stores WHERE id = p_store_id FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT conversation_id INTO v_conversation FROM chat_groups WHERE store_id = p_store_id;
  IF v_conversation IS NULL THEN
    IF NOT EXISTS (SELECT 1 FROM store_staff WHERE store_id = p_store_id)
       AND NOT EXISTS (SELECT 1 FROM therapists t JOIN users u ON u.id = t.user_id WHERE t.store_id = p_store_id) THEN
      RETURN;
    END IF;
    INSERT INTO chat_conversations (type, last_seq, created_at, updated_at) VALUES (2, 0, now(), now())
      RETURNING id INTO v_conversation;
    INSERT INTO chat_groups (conversation_id, kind, store_id, created_at)
      VALUES (v_conversation, 'storeTeam', p_store_id, now());
  END IF;
  DELETE FROM chat_members m WHERE m.conversation_id = v_conversation
    AND m.user_id NOT IN (
      SELECT user_id FROM store_staff WHERE store_id = p_store_id
      UNION SELECT t.user_id FROM therapists t JOIN users u ON u.id = t.user_id WHERE t.store_id = p_store_id);
  INSERT INTO chat_members (conversation_id, user_id, peer_id, updated_at)
    SELECT v_conversation, team.user_id, NULL, now() FROM (
      SELECT user_id FROM store_staff WHERE store_id = p_store_id
      UNION SELECT t.user_id FROM therapists t JOIN users u ON u.id = t.user_id WHERE t.store_id = p_store_id
    ) team
    ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
CREATE FUNCTION chat_store_team_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM chat_sync_store_team(OLD.store_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.store_id IS DISTINCT FROM OLD.store_id) THEN
    PERFORM chat_sync_store_team(NEW.store_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER store_staff_store_team AFTER INSERT OR UPDATE OR DELETE ON store_staff
  FOR EACH ROW EXECUTE FUNCTION chat_store_team_changed();
--> statement-breakpoint
CREATE TRIGGER therapists_store_team_added AFTER INSERT OR DELETE ON therapists
  FOR EACH ROW EXECUTE FUNCTION chat_store_team_changed();
--> statement-breakpoint
-- Therapists change often (state, position); only a change of store or login touches the team.
CREATE TRIGGER therapists_store_team_moved AFTER UPDATE OF store_id, user_id ON therapists
  FOR EACH ROW WHEN (OLD.store_id IS DISTINCT FROM NEW.store_id OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION chat_store_team_changed();
--> statement-breakpoint
CREATE FUNCTION chat_sync_partner_team(p_owner integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v_conversation integer; v_code text;
BEGIN
  IF p_owner IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM users WHERE id = p_owner FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT code INTO v_code FROM partner_invitation_codes WHERE user_id = p_owner;
  SELECT conversation_id INTO v_conversation FROM chat_groups WHERE owner_id = p_owner;
  IF v_conversation IS NULL THEN
    IF v_code IS NULL THEN RETURN; END IF;
    INSERT INTO chat_conversations (type, last_seq, created_at, updated_at) VALUES (2, 0, now(), now())
      RETURNING id INTO v_conversation;
    INSERT INTO chat_groups (conversation_id, kind, owner_id, created_at)
      VALUES (v_conversation, 'partnerTeam', p_owner, now());
  END IF;
  -- Without a code the partner has no team: the group stays, empty, until a code comes back.
  DELETE FROM chat_members m WHERE m.conversation_id = v_conversation
    AND (v_code IS NULL OR m.user_id NOT IN (
      SELECT p_owner UNION SELECT id FROM users WHERE upper(invited_with_code) = v_code AND is_logout <> 3));
  IF v_code IS NOT NULL THEN
    INSERT INTO chat_members (conversation_id, user_id, peer_id, updated_at)
      SELECT v_conversation, team.id, NULL, now() FROM (
        SELECT p_owner AS id UNION SELECT id FROM users WHERE upper(invited_with_code) = v_code AND is_logout <> 3
      ) team
      ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION chat_partner_code_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM chat_sync_partner_team(OLD.user_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM chat_sync_partner_team(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER partner_invitation_codes_team AFTER INSERT OR UPDATE OR DELETE ON partner_invitation_codes
  FOR EACH ROW EXECUTE FUNCTION chat_partner_code_changed();
--> statement-breakpoint
-- A sign-up with a partner's code, a changed code, or a cancelled account moves someone in or out.
CREATE FUNCTION chat_partner_invitee_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v_owner integer;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.invited_with_code IS NOT NULL THEN
    FOR v_owner IN SELECT user_id FROM partner_invitation_codes WHERE code = upper(OLD.invited_with_code) LOOP
      PERFORM chat_sync_partner_team(v_owner);
    END LOOP;
  END IF;
  IF NEW.invited_with_code IS NOT NULL THEN
    FOR v_owner IN SELECT user_id FROM partner_invitation_codes WHERE code = upper(NEW.invited_with_code) LOOP
      PERFORM chat_sync_partner_team(v_owner);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_partner_team_joined AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.invited_with_code IS NOT NULL) EXECUTE FUNCTION chat_partner_invitee_changed();
--> statement-breakpoint
CREATE TRIGGER users_partner_team_moved AFTER UPDATE OF invited_with_code, is_logout ON users
  FOR EACH ROW WHEN (OLD.invited_with_code IS DISTINCT FROM NEW.invited_with_code OR OLD.is_logout IS DISTINCT FROM NEW.is_logout)
  EXECUTE FUNCTION chat_partner_invitee_changed();
--> statement-breakpoint
-- Stores that already have staff or therapists get their team group now, not at their next change.
SELECT chat_sync_store_team(id) FROM stores;
