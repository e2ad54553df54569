import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, identityId } from "./columns";

export const vendorApplications = pgTable(
  "vendor_applications",
  {
    id: identityId(),
    name: text().notNull(),
    email: text().notNull(),
    company: text().notNull(),
    specialties: text().array().notNull(),
    message: text(),
    contentHash: text().notNull(),
    ip: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("vendor_applications_created_at_idx").on(t.createdAt),
    index("vendor_applications_content_hash_idx").on(t.contentHash, t.createdAt),
  ],
);

export type VendorApplicationRow = typeof vendorApplications.$inferSelect;
