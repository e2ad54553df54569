ALTER TABLE "leads" ADD COLUMN "invited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "invited_company_id" integer;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "invite_status" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_invited_company_id_companies_id_fk" FOREIGN KEY ("invited_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_requests_invited_company_id_idx" ON "quote_requests" USING btree ("invited_company_id") WHERE "quote_requests"."invited_company_id" is not null;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_invite_status_check" CHECK (invite_status in ('pending', 'delivered', 'unavailable'));