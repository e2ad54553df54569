-- What every app process must hear to keep its cache of sessions true (decision 180): the id of an
-- account whose row changed or went, or one of whose sessions ended or changed, sent on the auth channel
-- in the transaction that did it, so heard when (and only if) it commits. A session's last use moving
-- forward is not a change a cache must hear.
CREATE FUNCTION auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('automatch_auth', OLD.id::text);
  ELSE
    PERFORM pg_notify('automatch_auth', OLD.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER DELETE OR UPDATE OF id, user_id, expires_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION auth_changed();
