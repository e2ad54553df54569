import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgEnum, text } from "drizzle-orm/pg-core";
import { QUOTE_REQUEST_STATUSES } from "@/shared/quote-request-status";
import { INVITE_STATUSES, type Requirements } from "@/shared/quote-requests";
import { idTable, ownerRef, setNullRef, timestamps, timestamptz } from "./columns";
import { companies } from "./companies";
import { users } from "./users";

export const quoteRequestStatusEnum = pgEnum("quote_request_status", QUOTE_REQUEST_STATUSES);

/** A client's need, as the wizard sent it (spec section 3), with its status and match promise. */
export const quoteRequests = idTable(
  "quote_requests",
  {
    clientId: ownerRef(() => users.id),
    title: text().notNull(),
    description: text().notNull(),
    industry: text().notNull(),
    automationTypes: text().array().notNull(),
    budgetRange: text().notNull(),
    timeline: text().notNull(),
    requirements: jsonb().$type<Requirements>().notNull(),
    status: quoteRequestStatusEnum().notNull().default("open"),
    /** When matching is promised by: 48 hours after submission, 72 for complex projects. */
    matchDueAt: timestamptz().notNull(),
    isComplex: boolean().notNull(),
    /** Hours of manual work a year (decision 012); null when the client gave no volume or time. */
    roiHoursPerYear: integer(),
    /**
     * The provider the client asked from its profile (issue 32, decision 172): sent the request first when
     * its lead preferences and subscription allow. Null when the company is gone, or none was asked.
     */
    invitedCompanyId: setNullRef(() => companies.id),
    /** pending: not matched yet; delivered: the invited provider got its lead; unavailable: it could not take it. */
    inviteStatus: text("invite_status", { enum: INVITE_STATUSES }),
    ...timestamps(),
  },
  (t) => [
    index("quote_requests_client_id_created_at_idx").on(t.clientId, t.createdAt),
    // The admin's Requests tab: newest first by id, filtered by status; search by title (pg_trgm).
    index("quote_requests_status_id_idx").on(t.status, t.id),
    // Analytics counts requests by when they came in.
    index("quote_requests_created_at_idx").on(t.createdAt),
    index("quote_requests_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    // Deleting a company sets its invitations to null: found from this, not by a scan.
    index("quote_requests_invited_company_id_idx").on(t.invitedCompanyId).where(sql`${t.invitedCompanyId} is not null`),
    check(
      "quote_requests_invite_status_check",
      sql.raw(`invite_status in (${INVITE_STATUSES.map((v) => `'${v}'`).join(", ")})`),
    ),
  ],
);

export type QuoteRequestRow = typeof quoteRequests.$inferSelect;
