-- The admin's figures kept by the database in the transaction of each write (decision 090): triggers
-- add to one shard of a figure (the connection's, so that concurrent writers rarely share a row), and
-- the figures start from the rows that exist.
CREATE FUNCTION admin_count(figure text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO admin_counts (name, shard, n) VALUES (figure, pg_backend_pid() % 8, delta)
  ON CONFLICT (name, shard) DO UPDATE SET n = admin_counts.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION admin_day(at timestamptz, figure text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO admin_daily (day, name, shard, n) VALUES ((at AT TIME ZONE 'UTC')::date, figure, pg_backend_pid() % 8, delta)
  ON CONFLICT (day, name, shard) DO UPDATE SET n = admin_daily.n + excluded.n
$$;
--> statement-breakpoint
CREATE FUNCTION admin_users_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM admin_count('users:' || OLD.user_type, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM admin_count('users:' || NEW.user_type, 1);
  END IF;
  IF TG_OP = 'INSERT' AND NEW.user_type = 'client' THEN
    PERFORM admin_day(NEW.created_at, 'clients', 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_users_counts AFTER INSERT OR DELETE OR UPDATE OF user_type ON users
  FOR EACH ROW EXECUTE FUNCTION admin_users_counts();
--> statement-breakpoint
CREATE FUNCTION admin_companies_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM admin_count('companies:' || OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM admin_count('companies:' || NEW.status, 1);
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM admin_day(NEW.created_at, 'providers', 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_companies_counts AFTER INSERT OR DELETE OR UPDATE OF status ON companies
  FOR EACH ROW EXECUTE FUNCTION admin_companies_counts();
--> statement-breakpoint
CREATE FUNCTION admin_requests_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM admin_count('requests:' || OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM admin_count('requests:' || NEW.status, 1);
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM admin_day(NEW.created_at, 'requests', 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM admin_day(OLD.created_at, 'requests', -1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_requests_counts AFTER INSERT OR DELETE OR UPDATE OF status ON quote_requests
  FOR EACH ROW EXECUTE FUNCTION admin_requests_counts();
--> statement-breakpoint
-- A quote counts while it is not withdrawn: on the day it was sent, with its response time (its lead's
-- delivery to the quote).
CREATE FUNCTION admin_quote_figures(q quotes, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  delivered timestamptz;
BEGIN
  PERFORM admin_count('quotes', sign);
  PERFORM admin_day(q.created_at, 'quotes', sign);
  SELECT created_at INTO delivered FROM leads WHERE id = q.lead_id;
  IF delivered IS NOT NULL THEN
    PERFORM admin_day(q.created_at, 'responses', sign);
    PERFORM admin_day(q.created_at, 'response_seconds', sign * round(extract(epoch FROM q.created_at - delivered))::bigint);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION admin_quotes_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'withdrawn' THEN
    PERFORM admin_quote_figures(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'withdrawn' THEN
    PERFORM admin_quote_figures(NEW, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_quotes_counts AFTER INSERT OR DELETE OR UPDATE OF status ON quotes
  FOR EACH ROW EXECUTE FUNCTION admin_quotes_counts();
--> statement-breakpoint
INSERT INTO admin_counts (name, shard, n)
  SELECT 'users:' || user_type, 0, count(*) FROM users GROUP BY user_type
  UNION ALL SELECT 'companies:' || status, 0, count(*) FROM companies GROUP BY status
  UNION ALL SELECT 'requests:' || status, 0, count(*) FROM quote_requests GROUP BY status
  UNION ALL SELECT 'quotes', 0, count(*) FROM quotes WHERE status <> 'withdrawn';
--> statement-breakpoint
INSERT INTO admin_daily (day, name, shard, n)
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'clients', 0, count(*) FROM users WHERE user_type <> 'admin' GROUP BY 1
  UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'providers', 0, count(*) FROM companies GROUP BY 1
  UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'requests', 0, count(*) FROM quote_requests GROUP BY 1
  UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date, 'quotes', 0, count(*) FROM quotes WHERE status <> 'withdrawn' GROUP BY 1
  UNION ALL SELECT (q.created_at AT TIME ZONE 'UTC')::date, 'responses', 0, count(*)
    FROM quotes q JOIN leads l ON l.id = q.lead_id WHERE q.status <> 'withdrawn' GROUP BY 1
  UNION ALL SELECT (q.created_at AT TIME ZONE 'UTC')::date, 'response_seconds', 0,
      coalesce(sum(round(extract(epoch FROM q.created_at - l.created_at))), 0)::bigint
    FROM quotes q JOIN leads l ON l.id = q.lead_id WHERE q.status <> 'withdrawn' GROUP BY 1;
