ALTER TABLE "companies" ALTER COLUMN "country" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "country" DROP NOT NULL;