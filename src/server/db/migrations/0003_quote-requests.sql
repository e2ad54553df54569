CREATE TYPE "public"."quote_request_status" AS ENUM('open', 'matched', 'closed', 'cancelled');--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"industry" text NOT NULL,
	"automation_types" text[] NOT NULL,
	"budget_range" text NOT NULL,
	"timeline" text NOT NULL,
	"requirements" jsonb NOT NULL,
	"status" "quote_request_status" DEFAULT 'open' NOT NULL,
	"match_due_at" timestamp with time zone NOT NULL,
	"is_complex" boolean NOT NULL,
	"roi_hours_per_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_requests_client_id_created_at_idx" ON "quote_requests" USING btree ("client_id","created_at");