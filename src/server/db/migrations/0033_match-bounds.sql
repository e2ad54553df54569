CREATE TABLE "match_bounds" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"has_history" boolean DEFAULT false NOT NULL,
	"size" "company_size" NOT NULL,
	"specialty_mask" integer NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"accepted" integer DEFAULT 0 NOT NULL,
	"leads_seen" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_bounds" ADD CONSTRAINT "match_bounds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_bounds_walk_idx" ON "match_bounds" USING btree ("size","specialty_mask",(floor(15::float8 * (least(accepted, 3)::float8 / 3::float8) * 10 + 0.5) / 10 + floor(10::float8 * (case when leads_seen >= 3 then answered::float8 / leads_seen::float8 else greatest(0.5::float8, answered::float8 / 3::float8) end) * 10 + 0.5) / 10 + (case when review_count > 0 then floor(((rating_sum::float8 / review_count::float8 - 3::float8) / 2::float8 * 5::float8 * (least(review_count, 3)::float8 / 3::float8)) * 10 + 0.5) / 10 else 0::float8 end)) desc,"company_id") WHERE "match_bounds"."has_history";