import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { COMPANY_SIZES, COMPANY_STATUSES, PROVIDER_INDUSTRIES } from "@/shared/companies";
import { REVIEW_NEUTRAL_RATING, REVIEW_POINTS_MAX, REVIEWS_FOR_FULL_WEIGHT } from "@/shared/matching";
import { RATING_MAX } from "@/shared/reviews";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { DOCUMENT_KINDS } from "@/shared/vetting";
import { createdAt, idTable, ownerRef, setNullRef, timestamps, timestamptz } from "./columns";
import { users } from "./users";

export const companyStatusEnum = pgEnum("company_status", COMPANY_STATUSES);
export const providerIndustryEnum = pgEnum("provider_industry", PROVIDER_INDUSTRIES);
export const companySizeEnum = pgEnum("company_size", COMPANY_SIZES);
/** What a verification document is (decision 177); `files.document_kind` and what an approval verified. */
export const documentKindEnum = pgEnum("document_kind", DOCUMENT_KINDS);

/** The application as it was when an admin asked for changes: what the resubmission is compared with. */
export type ApplicationSnapshot = {
  name: string;
  description: string;
  industry: string;
  website: string | null;
  location: string;
  country: string | null;
  size: string;
  specialties: string[];
  documentIds: string[];
};

/**
 * The clients' ratings' points of matching (`reviewPoints` in src/shared/matching.ts) from the company's
 * kept figures: the same float8 operations in the same order, rounded to one decimal, 0 without reviews.
 * Written out with its constants (no parameters), so that a query using it reads the matching index.
 */
export const REVIEW_POINTS_SQL = `(case when review_count > 0 then floor(((rating_sum::float8 / review_count::float8 - ${REVIEW_NEUTRAL_RATING}::float8) / ${RATING_MAX - REVIEW_NEUTRAL_RATING}::float8 * ${REVIEW_POINTS_MAX}::float8 * (least(review_count, ${REVIEWS_FOR_FULL_WEIGHT})::float8 / ${REVIEWS_FOR_FULL_WEIGHT}::float8)) * 10 + 0.5) / 10 else 0::float8 end)`;

/** A provider's company: one per user, vetted by an admin before it may receive leads. */
export const companies = idTable(
  "companies",
  {
    userId: ownerRef(() => users.id).unique("companies_user_id_unique"),
    name: text().notNull(),
    description: text().notNull(),
    industry: providerIndustryEnum().notNull(),
    website: text(),
    location: text().notNull(),
    /**
     * ISO 3166-1 alpha-2; matching's us-only preference reads it (decision 020). Null: not given and
     * not readable from the location, so never matched to us-only requests (decision 102).
     */
    country: text(),
    size: companySizeEnum().notNull(),
    specialties: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * The specialties as bits (bit i = PROVIDER_SPECIALTIES[i]), kept by the database itself: matching
     * scores 100k providers with arithmetic on it instead of unnesting arrays row by row.
     */
    specialtyMask: integer("specialty_mask")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          PROVIDER_SPECIALTIES.map(
            (name, i) => `(case when '${name}' = any(specialties) then ${2 ** i} else 0 end)`,
          ).join(" | "),
        ),
      ),
    /**
     * The public profile's address, /providers/{slug} (issue 17). Written by the database on insert when
     * left empty (migration 0017's trigger: the name's slug when free, else with the company id); the
     * provider may change it in Settings.
     */
    slug: text().notNull().default(""),
    /**
     * The name and address an admin last verified (decision 149): written with the row on insert (the
     * trigger copies name and slug when left empty) and on each approval. An approved company whose name
     * or slug differs from them has a change under review: it keeps serving, without the Verified badge.
     */
    verifiedName: text("verified_name").notNull().default(""),
    verifiedSlug: text("verified_slug").notNull().default(""),
    /** The client industries (the wizard's list) the provider serves; the directory filters on them. */
    industriesServed: text("industries_served").array().notNull().default(sql`'{}'::text[]`),
    // The profile's figures, kept by refreshProviderStats (features/companies/stats.ts) in the
    // transaction of each change that moves them, so that the directory reads this one table.
    requestsQuoted: integer("requests_quoted").notNull().default(0),
    hires: integer().notNull().default(0),
    medianResponseMinutes: integer("median_response_minutes"),
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    /** The mean rating, two decimals, null without reviews: what the directory sorts and filters on. */
    ratingAvg: numeric("rating_avg", { precision: 3, scale: 2, mode: "number" }).generatedAlwaysAs(
      sql`case when review_count > 0 then round(rating_sum::numeric / review_count, 2) end`,
    ),
    // The leads the provider wants (issue 32, decision 171): hard filters of matching. Empty lists and
    // nulls mean "any"; see src/shared/lead-preferences.ts.
    leadIndustries: text("lead_industries").array().notNull().default(sql`'{}'::text[]`),
    leadMinBudget: text("lead_min_budget"),
    leadCountries: text("lead_countries").array().notNull().default(sql`'{}'::text[]`),
    leadRemoteOnly: boolean("lead_remote_only").notNull().default(false),
    leadWeeklyCapacity: integer("lead_weekly_capacity"),
    /** No new leads before this day (UTC): the first day back from a holiday. */
    leadPausedUntil: date("lead_paused_until", { mode: "string" }),
    status: companyStatusEnum().notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    reviewedBy: setNullRef(() => users.id),
    reviewedAt: timestamptz(),
    // "Request changes" (decision 177): the admin's note, when, the application as it was then, and when
    // the provider resubmitted. Cleared by the next approval or rejection.
    changesNote: text("changes_note"),
    changesRequestedAt: timestamptz(),
    changesSnapshot: jsonb("changes_snapshot").$type<ApplicationSnapshot>(),
    resubmittedAt: timestamptz(),
    /** The kinds of documents the last approval verified: what the public badge names. */
    verifiedDocuments: documentKindEnum("verified_documents").array().notNull().default(sql`'{}'::document_kind[]`),
    ...timestamps(),
  },
  (t) => [
    index("companies_status_created_at_idx").on(t.status, t.createdAt),
    // The admins' review list reads approved companies with a change under review (decision 149) from it.
    index("companies_change_under_review_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'approved' and (${t.name} <> ${t.verifiedName} or ${t.slug} <> ${t.verifiedSlug})`),
    uniqueIndex("companies_slug_key").on(t.slug),
    // The directory's sorts over approved providers (issue 17): each reads its first page from an index.
    index("companies_directory_rating_idx")
      .on(sql`${t.ratingAvg} desc nulls last`, sql`${t.reviewCount} desc`, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("companies_directory_reviews_idx").on(sql`${t.reviewCount} desc`, t.id).where(sql`${t.status} = 'approved'`),
    index("companies_directory_hires_idx").on(sql`${t.hires} desc`, t.id).where(sql`${t.status} = 'approved'`),
    index("companies_directory_newest_idx")
      .on(sql`${t.reviewedAt} desc nulls last`, t.id)
      .where(sql`${t.status} = 'approved'`),
    index("companies_directory_name_idx").on(sql`lower(${t.name})`, t.id).where(sql`${t.status} = 'approved'`),
    // Matching's providers without any lead (decision 181): each (size, specialties) group's best by the
    // clients' ratings first, so that a match reads a few rows of the best groups instead of every row.
    index("companies_matching_no_history_idx")
      .on(t.size, t.specialtyMask, sql`${sql.raw(REVIEW_POINTS_SQL)} desc`, t.id)
      .where(sql`${t.status} = 'approved'`),
    check("companies_lead_weekly_capacity_check", sql`${t.leadWeeklyCapacity} > 0`),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;

/**
 * A profile address a company gave up (decision 149): no other company may take it for
 * SLUG_HOLD_DAYS after `released_at`, so a known address cannot be picked up by someone else at once.
 * The company that held it may take it back. One row per slug: the latest company to give it up.
 */
export const companySlugHolds = pgTable(
  "company_slug_holds",
  {
    slug: text().primaryKey(),
    companyId: ownerRef(() => companies.id),
    releasedAt: createdAt(),
  },
  (t) => [index("company_slug_holds_company_id_idx").on(t.companyId)],
);
