CREATE TYPE "public"."review_outcome" AS ENUM('met', 'partly', 'not_met');--> statement-breakpoint
CREATE TABLE "case_studies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "case_studies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"industry" text NOT NULL,
	"problem" text NOT NULL,
	"solution" text NOT NULL,
	"result" text NOT NULL,
	"figures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer NOT NULL,
	"quote_request_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"outcome" "review_outcome" NOT NULL,
	"hours_saved_per_year" integer,
	"estimated_hours_per_year" integer,
	"reply_body" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "industries_served" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "requests_quoted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hires" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "median_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rating_avg" numeric(3, 2) GENERATED ALWAYS AS (case when review_count > 0 then round(rating_sum::numeric / review_count, 2) end) STORED;--> statement-breakpoint
-- A company's slug from its name (issue 17): lowercase letters and digits, anything else one hyphen,
-- at most 60 characters; "provider" when too little is left.
CREATE FUNCTION company_slug_base(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN length(s) >= 3 THEN s WHEN s = '' THEN 'provider' ELSE 'provider-' || s END
  FROM (SELECT rtrim(left(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 60), '-') AS s) AS t
$$;
--> statement-breakpoint
-- The first free slug for a company: the name's slug, else the name's slug and the company id (then a
-- counter), the name's part cut so that the whole stays within 60 characters.
CREATE FUNCTION company_free_slug(base text, company_id integer) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  candidate text := base;
  suffix text;
  n integer := 0;
BEGIN
  WHILE EXISTS (SELECT 1 FROM companies WHERE slug = candidate) LOOP
    n := n + 1;
    suffix := '-' || company_id || CASE WHEN n > 1 THEN '-' || n ELSE '' END;
    candidate := rtrim(left(base, 60 - length(suffix)), '-') || suffix;
  END LOOP;
  RETURN candidate;
END $$;
--> statement-breakpoint
-- A company inserted without a slug gets the first free one.
CREATE FUNCTION companies_fill_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug = '' THEN
    NEW.slug := company_free_slug(company_slug_base(NEW.name), NEW.id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_fill_slug BEFORE INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_fill_slug();
--> statement-breakpoint
-- The existing companies: the first of each name takes the name's slug, set-based; the few others then
-- take the first free one, one by one, in id order.
UPDATE companies AS c SET slug = r.base
FROM (
  SELECT id, company_slug_base(name) AS base,
    row_number() OVER (PARTITION BY company_slug_base(name) ORDER BY id) AS n
  FROM companies
) AS r
WHERE r.id = c.id AND r.n = 1;
--> statement-breakpoint
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, name FROM companies WHERE slug = '' ORDER BY id LOOP
    UPDATE companies SET slug = company_free_slug(company_slug_base(r.name), r.id) WHERE id = r.id;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "case_studies" ADD CONSTRAINT "case_studies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_studies_company_id_idx" ON "case_studies" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_quote_id_key" ON "reviews" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "reviews_company_id_id_idx" ON "reviews" USING btree ("company_id","id") WHERE "reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_quote_request_id_idx" ON "reviews" USING btree ("quote_request_id");--> statement-breakpoint
CREATE INDEX "reviews_client_id_idx" ON "reviews" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug_key" ON "companies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "companies_directory_rating_idx" ON "companies" USING btree ("rating_avg" desc nulls last,"review_count" desc,"id") WHERE "companies"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "companies_directory_reviews_idx" ON "companies" USING btree ("review_count" desc,"id") WHERE "companies"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "companies_directory_hires_idx" ON "companies" USING btree ("hires" desc,"id") WHERE "companies"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "companies_directory_newest_idx" ON "companies" USING btree ("reviewed_at" desc nulls last,"id") WHERE "companies"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "companies_directory_name_idx" ON "companies" USING btree (lower("name"),"id") WHERE "companies"."status" = 'approved';--> statement-breakpoint
-- The profile's figures of one company, from the rows that make them (features/companies/stats.ts
-- calls it in the transaction of each change that moves them): requests quoted, hires, the median
-- minutes from a lead's delivery to the provider's first answer (a quote or a message), and the
-- visible reviews' count and rating sum. The company row is locked first, in a statement of its own:
-- the recount then reads with a snapshot taken after any concurrent recount of the same company has
-- committed, so two changes at once are both counted (one UPDATE would wait for the row, then write
-- figures read before the other's commit).
CREATE FUNCTION refresh_provider_stats(cid integer) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM companies WHERE id = cid FOR UPDATE;
  UPDATE companies SET
    requests_quoted = (SELECT count(DISTINCT q.quote_request_id) FROM quotes q WHERE q.company_id = cid AND q.status <> 'withdrawn'),
    hires = (SELECT count(*) FROM quotes q WHERE q.company_id = cid AND q.status = 'accepted'),
    median_response_minutes = (
      SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY t.minutes))::integer
      FROM (
        SELECT greatest(0, extract(epoch FROM (f.first_at - l.created_at)) / 60) AS minutes
        FROM leads l
        CROSS JOIN LATERAL (
          SELECT least(
            (SELECT min(q.created_at) FROM quotes q WHERE q.lead_id = l.id),
            (SELECT min(m.created_at) FROM lead_messages m WHERE m.lead_id = l.id AND m.side = 'provider')
          ) AS first_at
        ) AS f
        WHERE l.company_id = cid AND f.first_at IS NOT NULL
      ) AS t
    ),
    review_count = (SELECT count(*) FROM reviews r WHERE r.company_id = cid AND r.hidden_at IS NULL),
    rating_sum = (SELECT coalesce(sum(r.rating), 0) FROM reviews r WHERE r.company_id = cid AND r.hidden_at IS NULL)
  WHERE id = cid
$$;
--> statement-breakpoint
SELECT refresh_provider_stats(id) FROM companies;
