import { text } from "drizzle-orm/pg-core";
import { idTable, submissionColumns, submissionIndexes } from "./columns";

export const vendorApplications = idTable(
  "vendor_applications",
  {
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
