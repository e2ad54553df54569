CREATE TABLE "admin_counts" (
	"name" text NOT NULL,
	"shard" integer NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "admin_counts_name_shard_pk" PRIMARY KEY("name","shard")
);
--> statement-breakpoint
CREATE TABLE "admin_daily" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"shard" integer NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "admin_daily_day_name_shard_pk" PRIMARY KEY("day","name","shard")
);
