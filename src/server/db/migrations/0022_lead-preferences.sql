ALTER TABLE "companies" ADD COLUMN "lead_industries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "lead_min_budget" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "lead_countries" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "lead_remote_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "lead_weekly_capacity" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "lead_paused_until" date;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_lead_weekly_capacity_check" CHECK ("companies"."lead_weekly_capacity" > 0);