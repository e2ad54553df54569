import { pgTable, text } from "drizzle-orm/pg-core";
import { identityId, submissionColumns, submissionIndexes } from "./columns";

export const vendorApplications = pgTable(
  "vendor_applications",
  {
    id: identityId(),
    name: text().notNull(),
    email: text().notNull(),
    company: text().notNull(),
    specialties: text().array().notNull(),
    message: text(),
    ...submissionColumns(),
  },
  (t) => submissionIndexes("vendor_applications", t),
);

export type VendorApplicationRow = typeof vendorApplications.$inferSelect;
