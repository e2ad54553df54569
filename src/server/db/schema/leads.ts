import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { LEAD_STATUSES } from "@/shared/leads";
import type { ScoreBreakdown } from "@/shared/matching";
import { companies } from "./companies";
import { quoteRequests } from "./quote-requests";

export const leadStatusEnum = pgEnum("lead_status", LEAD_STATUSES);

/** One quote request delivered to one provider company; the unique key makes matching safe to rerun. */
export const leads = pgTable(
  "leads",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    quoteRequestId: integer()
      .notNull()
      .references(() => quoteRequests.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    matchScore: integer().notNull(),
    /** The parts that made the score, with their reasons ("why you got this lead"). */
    scoreParts: jsonb().$type<ScoreBreakdown>().notNull(),
    status: leadStatusEnum().notNull().default("new"),
    viewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("leads_quote_request_company_key").on(t.quoteRequestId, t.companyId),
    index("leads_company_id_created_at_idx").on(t.companyId, t.createdAt),
    // Analytics: leads delivered in a period.
    index("leads_created_at_idx").on(t.createdAt),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
