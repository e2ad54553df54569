-- A deleted account (decision 118: its address in deleted.invalid) counts in none of the admin's figures
-- (decision 152): not in the users by type, not in the new clients of the day it signed up, and its
-- company not in the new providers of the day it registered. Deleting is an update of the address, so
-- the trigger now also fires on the address.
CREATE OR REPLACE FUNCTION admin_users_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.email NOT LIKE '%@deleted.invalid' THEN
    PERFORM admin_count('users:' || OLD.user_type, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.email NOT LIKE '%@deleted.invalid' THEN
    PERFORM admin_count('users:' || NEW.user_type, 1);
  END IF;
  -- A sign-up is every account but one made an admin: every account signs up as a client (DESIGN.md),
  -- and migration 0012 first counted them so. Counted alike on insert and on deletion.
  IF TG_OP = 'INSERT' AND NEW.user_type <> 'admin' AND NEW.email NOT LIKE '%@deleted.invalid' THEN
    PERFORM admin_day(NEW.created_at, 'clients', 1);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.email NOT LIKE '%@deleted.invalid' AND NEW.email LIKE '%@deleted.invalid' THEN
    IF OLD.user_type <> 'admin' THEN
      PERFORM admin_day(OLD.created_at, 'clients', -1);
    END IF;
    PERFORM admin_day(c.created_at, 'providers', -1) FROM companies c WHERE c.user_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER admin_users_counts ON users;
--> statement-breakpoint
CREATE TRIGGER admin_users_counts AFTER INSERT OR DELETE OR UPDATE OF user_type, email ON users
  FOR EACH ROW EXECUTE FUNCTION admin_users_counts();
--> statement-breakpoint
-- The accounts deleted before this migration leave the figures now.
INSERT INTO admin_counts (name, shard, n)
  SELECT 'users:' || user_type, 0, -count(*) FROM users WHERE email LIKE '%@deleted.invalid' GROUP BY user_type
  ON CONFLICT (name, shard) DO UPDATE SET n = admin_counts.n + excluded.n;
--> statement-breakpoint
INSERT INTO admin_daily (day, name, shard, n)
  SELECT (created_at AT TIME ZONE 'UTC')::date, 'clients', 0, -count(*) FROM users
    WHERE email LIKE '%@deleted.invalid' GROUP BY 1
  UNION ALL SELECT (c.created_at AT TIME ZONE 'UTC')::date, 'providers', 0, -count(*) FROM companies c
    JOIN users u ON u.id = c.user_id WHERE u.email LIKE '%@deleted.invalid' GROUP BY 1
  ON CONFLICT (day, name, shard) DO UPDATE SET n = admin_daily.n + excluded.n;
