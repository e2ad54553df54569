-- Matching's bounds of the providers with a history (decision 195), kept by the database: a company's
-- row in match_bounds is recounted from the rows that make it at the commit of each write that moves it.
-- The row is locked (or created) first, in a statement of its own, so that the recount reads with a
-- snapshot taken after any concurrent recount of the same company has committed (as refresh_provider_stats
-- does). Those triggers are deferred to the commit: a transaction takes these row locks last, after every
-- other lock it takes, so that they never make a cycle with the company, user, request and lead locks of
-- decisions 125, 165 and 171, and whoever waits for one waits for a commit under way.
-- A lead after a company's first changes nothing here (leads_seen may lag behind: it only bounds the answer
-- rate from above), so a match writes a row for a company's first lead only, at once, so that the same
-- transaction reads the company as one with a history: the mark and the company's copied columns, no
-- count (a first lead has no quote), once per statement, in the companies' order. A row is created for
-- any company whose size, specialties or ratings change, history or not, so that a match marking the
-- company meanwhile makes that change wait, then count.
CREATE FUNCTION refresh_match_bound(cid integer, history boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_bounds (company_id, has_history, size, specialty_mask)
    SELECT id, history, size, specialty_mask FROM companies WHERE id = cid
    ON CONFLICT (company_id) DO UPDATE SET has_history = match_bounds.has_history OR excluded.has_history;
  UPDATE match_bounds b SET
    size = c.size,
    specialty_mask = c.specialty_mask,
    review_count = c.review_count,
    rating_sum = c.rating_sum,
    answered = (SELECT count(DISTINCT q.lead_id) FROM quotes q WHERE q.company_id = cid),
    accepted = (SELECT count(*) FROM quotes q WHERE q.company_id = cid AND q.status = 'accepted'),
    leads_seen = (SELECT count(*) FROM leads l WHERE l.company_id = cid)
  FROM companies c
  WHERE b.company_id = cid AND c.id = cid;
END $$;
--> statement-breakpoint
CREATE FUNCTION match_bound_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    PERFORM refresh_match_bound(NEW.id, false);
  ELSE
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      PERFORM refresh_match_bound(OLD.company_id, false);
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      PERFORM refresh_match_bound(NEW.company_id, true);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION match_bound_first_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In the companies' order, whatever the leads' order: two matches at once lock their rows alike.
  INSERT INTO match_bounds (company_id, has_history, size, specialty_mask, review_count, rating_sum)
    SELECT c.id, true, c.size, c.specialty_mask, c.review_count, c.rating_sum FROM companies c
    WHERE c.id IN (SELECT company_id FROM added)
      AND NOT EXISTS (SELECT 1 FROM match_bounds b WHERE b.company_id = c.id AND b.has_history)
    ORDER BY c.id
    ON CONFLICT (company_id) DO UPDATE SET has_history = true;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_match_bound_added AFTER INSERT ON leads
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION match_bound_first_leads();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_match_bound_removed AFTER DELETE ON leads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION match_bound_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_match_bound_moved AFTER UPDATE OF company_id ON leads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION match_bound_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER quotes_match_bound_added AFTER INSERT ON quotes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION match_bound_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER quotes_match_bound_removed AFTER DELETE ON quotes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION match_bound_changed();
--> statement-breakpoint
-- Only an acceptance or its undoing moves the figures: a quote withdrawn or declined still answered its lead.
CREATE CONSTRAINT TRIGGER quotes_match_bound_changed AFTER UPDATE OF status, lead_id, company_id ON quotes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.lead_id IS DISTINCT FROM NEW.lead_id OR OLD.company_id IS DISTINCT FROM NEW.company_id
    OR (OLD.status = 'accepted') <> (NEW.status = 'accepted'))
  EXECUTE FUNCTION match_bound_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER companies_match_bound_changed AFTER UPDATE OF size, specialties, review_count, rating_sum ON companies
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.size IS DISTINCT FROM NEW.size OR OLD.specialty_mask IS DISTINCT FROM NEW.specialty_mask
    OR OLD.review_count IS DISTINCT FROM NEW.review_count OR OLD.rating_sum IS DISTINCT FROM NEW.rating_sum)
  EXECUTE FUNCTION match_bound_changed();
--> statement-breakpoint
SELECT refresh_match_bound(c.id, true) FROM companies c
WHERE EXISTS (SELECT 1 FROM leads l WHERE l.company_id = c.id) OR EXISTS (SELECT 1 FROM quotes q WHERE q.company_id = c.id);
