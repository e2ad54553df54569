CREATE TYPE "public"."message_report_reason" AS ENUM('spam', 'harassment', 'scam', 'off_platform', 'other');--> statement-breakpoint
CREATE TYPE "public"."message_report_status" AS ENUM('open', 'resolved', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."message_side" AS ENUM('client', 'provider');--> statement-breakpoint
CREATE TYPE "public"."lead_decline_reason" AS ENUM('not_fit', 'too_small', 'no_capacity', 'other');--> statement-breakpoint
ALTER TYPE "public"."lead_status" ADD VALUE 'declined';--> statement-breakpoint
CREATE TABLE "lead_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"sender_id" integer,
	"side" "message_side" NOT NULL,
	"body" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"reporter_id" integer,
	"reason" "message_report_reason" NOT NULL,
	"note" text,
	"status" "message_report_status" DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "decline_reason" "lead_decline_reason";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "client_read_up_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "provider_read_up_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "client_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "provider_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_message_id_lead_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."lead_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_messages_lead_id_id_idx" ON "lead_messages" USING btree ("lead_id","id");--> statement-breakpoint
CREATE INDEX "lead_messages_sender_id_idx" ON "lead_messages" USING btree ("sender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_message_reporter_key" ON "message_reports" USING btree ("message_id","reporter_id");--> statement-breakpoint
CREATE INDEX "message_reports_status_id_idx" ON "message_reports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "message_reports_reporter_id_idx" ON "message_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "message_reports_resolved_by_id_idx" ON "message_reports" USING btree ("resolved_by_id");