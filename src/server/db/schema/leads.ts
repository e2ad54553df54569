import { boolean, index, integer, jsonb, pgEnum, text, uniqueIndex } from "drizzle-orm/pg-core";
import { LEAD_DECLINE_REASONS, LEAD_STATUSES } from "@/shared/leads";
import type { ScoreBreakdown } from "@/shared/matching";
import { idTable, ownerRef, timestamps, timestamptz } from "./columns";
import { companies } from "./companies";
import { quoteRequests } from "./quote-requests";

export const leadStatusEnum = pgEnum("lead_status", LEAD_STATUSES);
export const leadDeclineReasonEnum = pgEnum("lead_decline_reason", LEAD_DECLINE_REASONS);

/** One quote request delivered to one provider company; the unique key makes matching safe to rerun. */
export const leads = idTable(
  "leads",
  {
    quoteRequestId: ownerRef(() => quoteRequests.id),
    companyId: ownerRef(() => companies.id),
    matchScore: integer().notNull(),
    /** The parts that made the score, with their reasons ("why you got this lead"). */
    scoreParts: jsonb().$type<ScoreBreakdown>().notNull(),
    status: leadStatusEnum().notNull().default("new"),
    /** The client asked this provider from its profile (decision 172), rather than matching choosing it. */
    invited: boolean().notNull().default(false),
    viewedAt: timestamptz(),
    /** Set when the provider turns the lead down (status `declined`); the request then goes on to the next best provider. */
    declineReason: leadDeclineReasonEnum(),
    declineNote: text(),
    declinedAt: timestamptz(),
    /**
     * Set when the marketplace takes the lead back from the provider (its owner suspended, decision 151):
     * the lead is `closed`, holds no place in the request's providers, and no reopening brings it back.
     */
    withdrawnAt: timestamptz(),
    // The lead's conversation (lead_messages): each side's read marker is the id of the last message
    // it has read, so that unread = the other side's messages above it, and "Seen" is shown to the writer.
    clientReadUpTo: integer().notNull().default(0),
    providerReadUpTo: integer().notNull().default(0),
    /** When each side was last emailed about a new message here: at most one email a thread per 15 minutes. */
    clientEmailedAt: timestamptz(),
    providerEmailedAt: timestamptz(),
    /** The newest message's time, so that threads sort by their latest activity. */
    lastMessageAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("leads_quote_request_company_key").on(t.quoteRequestId, t.companyId),
    index("leads_company_id_created_at_idx").on(t.companyId, t.createdAt),
    // Analytics: leads delivered in a period.
    index("leads_created_at_idx").on(t.createdAt),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
