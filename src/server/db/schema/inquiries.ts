import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, identityId } from "./columns";

/** What the public lead forms send (spec "leads"; DESIGN.md calls them inquiries). */
export const inquiries = pgTable(
  "inquiries",
  {
    id: identityId(),
    source: text().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    company: text().notNull(),
    processDescription: text().notNull(),
    budgetEstimate: text(),
    talkToConsultant: boolean().notNull().default(false),
    /** sha256 of the submission's content: a resubmission within minutes is the same inquiry. */
    contentHash: text().notNull(),
    ip: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("inquiries_created_at_idx").on(t.createdAt),
    index("inquiries_content_hash_idx").on(t.contentHash, t.createdAt),
  ],
);

export type InquiryRow = typeof inquiries.$inferSelect;
