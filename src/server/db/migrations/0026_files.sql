CREATE TYPE "public"."file_kind" AS ENUM('pdf', 'image', 'document', 'spreadsheet', 'presentation', 'diagram', 'archive', 'text');--> statement-breakpoint
CREATE TYPE "public"."file_status" AS ENUM('uploading', 'ready');--> statement-breakpoint
CREATE TABLE "file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploader_id" integer,
	"name" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"kind" "file_kind" DEFAULT 'archive' NOT NULL,
	"sha256" text,
	"store" text NOT NULL,
	"status" "file_status" DEFAULT 'uploading' NOT NULL,
	"quote_request_id" integer,
	"message_id" integer,
	"quote_id" integer,
	"attached_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_one_owner" CHECK (num_nonnulls("files"."quote_request_id", "files"."message_id", "files"."quote_id") <= 1)
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_quote_request_id_quote_requests_id_fk" FOREIGN KEY ("quote_request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_message_id_lead_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."lead_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_removed_by_id_users_id_fk" FOREIGN KEY ("removed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_quote_request_id_idx" ON "files" USING btree ("quote_request_id") WHERE quote_request_id is not null;--> statement-breakpoint
CREATE INDEX "files_message_id_idx" ON "files" USING btree ("message_id") WHERE message_id is not null;--> statement-breakpoint
CREATE INDEX "files_quote_id_idx" ON "files" USING btree ("quote_id") WHERE quote_id is not null;--> statement-breakpoint
CREATE INDEX "files_uploader_id_idx" ON "files" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "files_unattached_idx" ON "files" USING btree ("created_at") WHERE attached_at is null;