-- What every app process must hear to keep a client's first page of requests true (decision 192): the
-- client's id, sent on the auth channel in the transaction that adds, changes or removes one of the
-- client's requests, so heard when (and only if) it commits. The payload is the account's id, as for the
-- changes of migration 0029: a process drops what it keeps of that account, its sessions and its pages.
-- owner_changed(column) sends the id in that column of the row, before and after the change.
CREATE FUNCTION owner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('automatch_auth', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('automatch_auth', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quote_requests_client_changed AFTER INSERT OR UPDATE OR DELETE ON quote_requests
  FOR EACH ROW EXECUTE FUNCTION owner_changed('client_id');
