import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inquiries } from "../../db/schema/inquiries";
import { vendorApplications } from "../../db/schema/vendor-applications";

const since = (ms: number) => sql`now() - (${ms} * interval '1 millisecond')`;

export async function findRecentInquiryByHash(db: Db, hash: string, windowMs: number) {
  const [row] = await db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(and(eq(inquiries.contentHash, hash), gt(inquiries.createdAt, since(windowMs))))
    .limit(1);
  return row;
}

export async function insertInquiry(db: Db, values: typeof inquiries.$inferInsert) {
  const [row] = await db.insert(inquiries).values(values).returning({ id: inquiries.id });
  return row;
}

export async function findRecentVendorApplicationByHash(db: Db, hash: string, windowMs: number) {
  const [row] = await db
    .select({ id: vendorApplications.id })
    .from(vendorApplications)
    .where(and(eq(vendorApplications.contentHash, hash), gt(vendorApplications.createdAt, since(windowMs))))
    .limit(1);
  return row;
}

export async function insertVendorApplication(db: Db, values: typeof vendorApplications.$inferInsert) {
  const [row] = await db.insert(vendorApplications).values(values).returning({ id: vendorApplications.id });
  return row;
}

export async function listInquiries(db: Db, opts: { limit: number; offset: number; source?: string }) {
  const where = opts.source ? eq(inquiries.source, opts.source) : undefined;
  const [items, [totalRow]] = await Promise.all([
    db
      .select()
      .from(inquiries)
      .where(where)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(inquiries).where(where),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}

export async function listVendorApplications(db: Db, opts: { limit: number; offset: number }) {
  const [items, [totalRow]] = await Promise.all([
    db
      .select()
      .from(vendorApplications)
      .orderBy(desc(vendorApplications.createdAt), desc(vendorApplications.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(vendorApplications),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}
