CREATE TYPE "public"."document_kind" AS ENUM('business_registration', 'insurance', 'certification', 'other');--> statement-breakpoint
ALTER TYPE "public"."company_status" ADD VALUE 'changes_requested';--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_one_owner";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "changes_note" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "changes_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "changes_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "resubmitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified_documents" "document_kind"[] DEFAULT '{}'::document_kind[] NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "document_kind" "document_kind";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_company_id_idx" ON "files" USING btree ("company_id") WHERE company_id is not null;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_document_kind_of_company" CHECK ("files"."document_kind" is null or "files"."company_id" is not null);--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_one_owner" CHECK (num_nonnulls("files"."quote_request_id", "files"."message_id", "files"."quote_id", "files"."company_id") <= 1);