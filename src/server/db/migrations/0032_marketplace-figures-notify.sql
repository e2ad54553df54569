-- What every app process must hear to keep the admin's Overview figures (GET /api/admin/stats, decision
-- 194): '0', the marketplace's own id on the auth channel, sent in the transaction of any write that may
-- change a figure, so heard when (and only if) it commits. The kept counts and days (migration 0012)
-- follow users, companies, requests and quotes; the Overview also reads subscriptions, alerts and the
-- companies' changes under review. One notification a statement: PostgreSQL folds the same payload sent
-- twice in one transaction into one.
CREATE FUNCTION marketplace_figures_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('automatch_auth', '0');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_counts_figures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_counts
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_figures_changed();
--> statement-breakpoint
CREATE TRIGGER admin_daily_figures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_daily
  FOR EACH STATEMENT EXECUTE FUNCTION marketplace_figures_changed();
--> statement-breakpoint
CREATE TRIGGER subscriptions_figures_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF status, provider
  ON subscriptions FOR EACH STATEMENT EXECUTE FUNCTION marketplace_figures_changed();
--> statement-breakpoint
CREATE TRIGGER alerts_figures_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF is_resolved
  ON alerts FOR EACH STATEMENT EXECUTE FUNCTION marketplace_figures_changed();
--> statement-breakpoint
CREATE TRIGGER companies_figures_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF status, name, slug, verified_name, verified_slug
  ON companies FOR EACH STATEMENT EXECUTE FUNCTION marketplace_figures_changed();
