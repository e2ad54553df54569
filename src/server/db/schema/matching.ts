import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ALERT_SEVERITIES, LEAD_STATUSES, QUOTE_STATUSES } from "@/shared/leads";
import type { ScoreBreakdown } from "@/shared/matching";
import type { DeclineReason, StoredLineItem } from "@/shared/quotes";
import { companies } from "./companies";
import { quoteRequests } from "./quote-requests";
import { users } from "./users";

export const leadStatusEnum = pgEnum("lead_status", LEAD_STATUSES);
export const quoteStatusEnum = pgEnum("quote_status", QUOTE_STATUSES);
export const alertSeverityEnum = pgEnum("alert_severity", ALERT_SEVERITIES);

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
  ],
);

/** A provider's answer to a lead (DESIGN.md "Quote"); one live quote per lead. */
export const quotes = pgTable(
  "quotes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    quoteRequestId: integer()
      .notNull()
      .references(() => quoteRequests.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    timeline: text().notNull(),
    message: text().notNull(),
    /** The optional breakdown (decision 070); the billing of each kind is fixed in src/shared/quotes.ts. */
    lineItems: jsonb().$type<StoredLineItem[]>().notNull().default([]),
    status: quoteStatusEnum().notNull().default("submitted"),
    /** Why a declined quote was declined: the client's choice, another quote won, the request was cancelled. */
    declineReason: text().$type<DeclineReason>(),
    /** When the quote left "submitted": accepted, declined or withdrawn. */
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("quotes_company_id_idx").on(t.companyId, t.createdAt),
    index("quotes_quote_request_id_idx").on(t.quoteRequestId),
    uniqueIndex("quotes_one_live_per_lead").on(t.leadId).where(sql`status <> 'withdrawn'`),
  ],
);

/** Raised by the system for admins (spec section 3, Alert). `cause` makes each one raised once. */
export const alerts = pgTable(
  "alerts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: text().notNull(),
    severity: alertSeverityEnum().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    isResolved: boolean().notNull().default(false),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer().references(() => users.id, { onDelete: "set null" }),
    resourceType: text(),
    resourceId: integer(),
    cause: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("alerts_is_resolved_created_at_idx").on(t.isResolved, t.createdAt)],
);
