-- What every app process must hear to keep a provider's first page of leads true (decision 192): the
-- provider's id, sent on the auth channel in the transaction that changes what the page shows or whether
-- the provider may read it. A lead of the provider's company added, changed or removed; the company
-- itself (its owner, its vetting); the provider's subscription; the title of a request the company has a
-- lead on. As for migrations 0029 and 0030, a process drops whatever it keeps of that account.
CREATE FUNCTION lead_page_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'quote_requests' THEN
    PERFORM pg_notify('automatch_auth', c.user_id::text)
      FROM leads l JOIN companies c ON c.id = l.company_id WHERE l.quote_request_id = NEW.id;
  ELSE
    PERFORM pg_notify('automatch_auth', c.user_id::text)
      FROM companies c WHERE c.id IN (OLD.company_id, NEW.company_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_page_changed AFTER INSERT OR UPDATE OR DELETE ON leads
  FOR EACH ROW EXECUTE FUNCTION lead_page_changed();
--> statement-breakpoint
CREATE TRIGGER quote_requests_lead_page_changed AFTER UPDATE OF title ON quote_requests
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION lead_page_changed();
--> statement-breakpoint
CREATE TRIGGER companies_lead_page_changed AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION owner_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_lead_page_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION owner_changed('user_id');
