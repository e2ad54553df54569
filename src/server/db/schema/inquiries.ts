import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** What the public lead forms send (spec "leads"; DESIGN.md calls them inquiries). */
export const inquiries = pgTable(
  "inquiries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inquiries_created_at_idx").on(t.createdAt),
    index("inquiries_content_hash_idx").on(t.contentHash, t.createdAt),
  ],
);

export type InquiryRow = typeof inquiries.$inferSelect;
