CREATE TABLE "company_slug_holds" (
	"slug" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified_slug" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_slug_holds" ADD CONSTRAINT "company_slug_holds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_slug_holds_company_id_idx" ON "company_slug_holds" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "companies_change_under_review_idx" ON "companies" USING btree ("created_at","id") WHERE "companies"."status" = 'approved' and ("companies"."name" <> "companies"."verified_name" or "companies"."slug" <> "companies"."verified_slug");--> statement-breakpoint
-- Every company as it stands is verified as it stands (decision 149): only a later change is reviewed.
UPDATE companies SET verified_name = name, verified_slug = slug;
--> statement-breakpoint
-- The first free slug for a company, as in 0017, also passing over an address another company gave up
-- less than 90 days ago (SLUG_HOLD_DAYS in src/shared/providers.ts).
CREATE OR REPLACE FUNCTION company_free_slug(base text, company_id integer) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  candidate text := base;
  suffix text;
  n integer := 0;
BEGIN
  WHILE EXISTS (SELECT 1 FROM companies WHERE slug = candidate)
    OR EXISTS (SELECT 1 FROM company_slug_holds h WHERE h.slug = candidate
               AND h.company_id IS DISTINCT FROM company_free_slug.company_id AND h.released_at > now() - interval '90 days') LOOP
    n := n + 1;
    suffix := '-' || company_id || CASE WHEN n > 1 THEN '-' || n ELSE '' END;
    candidate := rtrim(left(base, 60 - length(suffix)), '-') || suffix;
  END LOOP;
  RETURN candidate;
END $$;
--> statement-breakpoint
-- A company inserted without a slug gets the first free one; its name and slug are the verified ones
-- until it changes them (an approval writes them again).
CREATE OR REPLACE FUNCTION companies_fill_slug() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slug = '' THEN
    NEW.slug := company_free_slug(company_slug_base(NEW.name), NEW.id);
  END IF;
  IF NEW.verified_name = '' THEN
    NEW.verified_name := NEW.name;
  END IF;
  IF NEW.verified_slug = '' THEN
    NEW.verified_slug := NEW.slug;
  END IF;
  RETURN NEW;
END $$;
