import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, text, uniqueIndex } from "drizzle-orm/pg-core";
import { type DeclineReason, QUOTE_STATUSES, type StoredLineItem } from "@/shared/quotes";
import { idTable, ownerRef, timestamps, timestamptz } from "./columns";
import { companies } from "./companies";
import { leads } from "./leads";
import { quoteRequests } from "./quote-requests";

export const quoteStatusEnum = pgEnum("quote_status", QUOTE_STATUSES);

/** A provider's answer to a lead (DESIGN.md "Quote"); one live quote per lead. */
export const quotes = idTable(
  "quotes",
  {
    leadId: ownerRef(() => leads.id),
    companyId: ownerRef(() => companies.id),
    quoteRequestId: ownerRef(() => quoteRequests.id),
    amountCents: integer().notNull(),
    timeline: text().notNull(),
    message: text().notNull(),
    /** The optional breakdown (decision 070); the billing of each kind is fixed in src/shared/quotes.ts. */
    lineItems: jsonb().$type<StoredLineItem[]>().notNull().default([]),
    status: quoteStatusEnum().notNull().default("submitted"),
    /** Why a declined quote was declined: the client's choice, another quote won, the request was cancelled. */
    declineReason: text().$type<DeclineReason>(),
    /** When the quote left "submitted": accepted, declined or withdrawn. */
    decidedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    index("quotes_company_id_idx").on(t.companyId, t.createdAt),
    index("quotes_quote_request_id_idx").on(t.quoteRequestId),
    // Analytics: quotes sent in a period.
    index("quotes_created_at_idx").on(t.createdAt),
    uniqueIndex("quotes_one_live_per_lead").on(t.leadId).where(sql`status <> 'withdrawn'`),
  ],
);

export type QuoteRow = typeof quotes.$inferSelect;
