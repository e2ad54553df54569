import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { firstRow } from "../../db/first-row";
import { newestFirstPage, type OffsetPage } from "../../db/pages";
import { inquiries } from "../../db/schema/inquiries";
import { vendorApplications } from "../../db/schema/vendor-applications";

/** The public forms' tables: each row keeps its content hash, so that the same submission is stored once. */
const forms = { inquiry: inquiries, vendorApplication: vendorApplications };
export type PublicForm = keyof typeof forms;

const since = (ms: number) => sql`now() - (${ms} * interval '1 millisecond')`;

export async function findRecentByHash(db: Db, form: PublicForm, hash: string, windowMs: number) {
  const table = forms[form];
  return firstRow(
    db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.contentHash, hash), gt(table.createdAt, since(windowMs)))),
  );
}

export async function insertInquiry(db: Db, values: typeof inquiries.$inferInsert) {
  const [row] = await db.insert(inquiries).values(values).returning({ id: inquiries.id });
  return row;
}

export async function insertVendorApplication(db: Db, values: typeof vendorApplications.$inferInsert) {
  const [row] = await db.insert(vendorApplications).values(values).returning({ id: vendorApplications.id });
  return row;
}

export const listInquiries = (db: Db, opts: OffsetPage & { source?: string | undefined }) =>
  newestFirstPage(db, inquiries, opts.source ? eq(inquiries.source, opts.source) : undefined, opts);

export const listVendorApplications = (db: Db, page: OffsetPage) =>
  newestFirstPage(db, vendorApplications, undefined, page);
