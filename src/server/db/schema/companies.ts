import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { COMPANY_SIZES, COMPANY_STATUSES, PROVIDER_INDUSTRIES } from "@/shared/companies";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { users } from "./users";

export const companyStatusEnum = pgEnum("company_status", COMPANY_STATUSES);
export const providerIndustryEnum = pgEnum("provider_industry", PROVIDER_INDUSTRIES);
export const companySizeEnum = pgEnum("company_size", COMPANY_SIZES);

/** A provider's company: one per user, vetted by an admin before it may receive leads. */
export const companies = pgTable(
  "companies",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
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
    status: companyStatusEnum().notNull().default("pending"),
    rejectionReason: text("rejection_reason"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("companies_status_created_at_idx").on(t.status, t.createdAt)],
);

export type CompanyRow = typeof companies.$inferSelect;
