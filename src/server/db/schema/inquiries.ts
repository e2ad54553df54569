import { boolean, text } from "drizzle-orm/pg-core";
import { idTable, submissionColumns, submissionIndexes } from "./columns";

/** What the public lead forms send (spec "leads"; DESIGN.md calls them inquiries). */
export const inquiries = idTable(
  "inquiries",
  {
    source: text().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    company: text().notNull(),
    processDescription: text().notNull(),
    budgetEstimate: text(),
    talkToConsultant: boolean().notNull().default(false),
    ...submissionColumns(),
  },
  (t) => submissionIndexes("inquiries", t),
);

export type InquiryRow = typeof inquiries.$inferSelect;
