// The SQL of reports and moderation: a message with the parties of its thread, the admin's report rows
// joined with the message, its author, the reporter and the request, and a thread around a message.
import { and, asc, desc, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { firstRow } from "../../db/first-row";
import { joinLeadParties } from "../../db/lead-parties";
import { alerts } from "../../db/schema/alerts";
import { companies } from "../../db/schema/companies";
import { leadMessages, messageReports } from "../../db/schema/lead-messages";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import { users } from "../../db/schema/users";
import { alertResolution } from "../alerts/service";

/** A message and who may read its thread: the request's client and the owner of the lead's company. */
export async function findMessageWithParties(db: Db, messageId: number) {
  const message = db
    .select({
      message: leadMessages,
      clientId: quoteRequests.clientId,
      providerUserId: companies.userId,
      quoteRequestId: quoteRequests.id,
      title: quoteRequests.title,
      companyName: companies.name,
    })
    .from(leadMessages)
    .innerJoin(leads, eq(leads.id, leadMessages.leadId))
    .$dynamic();
  return firstRow(joinLeadParties(message).where(eq(leadMessages.id, messageId)));
}

/** The new report's id, or undefined when this reporter reported the message already. */
export async function insertReport(
  db: Db,
  values: {
    messageId: number;
    reporterId: number;
    reason: (typeof messageReports.$inferInsert)["reason"];
    note: string | null;
  },
): Promise<number | undefined> {
  const [row] = await db
    .insert(messageReports)
    .values(values)
    .onConflictDoNothing({ target: [messageReports.messageId, messageReports.reporterId] })
    .returning({ id: messageReports.id });
  return row?.id;
}

const author = alias(users, "author");
const reporter = alias(users, "reporter");
const resolver = alias(users, "resolver");

const person = (u: typeof author | typeof reporter) => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  userType: u.userType,
  suspendedAt: u.suspendedAt,
});

const reportColumns = {
  report: messageReports,
  message: leadMessages,
  author: person(author),
  reporter: person(reporter),
  resolver: { id: resolver.id, firstName: resolver.firstName, lastName: resolver.lastName },
  requestId: quoteRequests.id,
  title: quoteRequests.title,
  companyName: companies.name,
};

const selectReports = (db: Db) =>
  joinLeadParties(
    db
      .select(reportColumns)
      .from(messageReports)
      .innerJoin(leadMessages, eq(leadMessages.id, messageReports.messageId))
      .innerJoin(leads, eq(leads.id, leadMessages.leadId))
      .$dynamic(),
  )
    .leftJoin(author, eq(author.id, leadMessages.senderId))
    .leftJoin(reporter, eq(reporter.id, messageReports.reporterId))
    .leftJoin(resolver, eq(resolver.id, messageReports.resolvedById));

export type ReportJoined = Awaited<ReturnType<ReturnType<typeof selectReports>["execute"]>>[number];

/** One page of reports, newest first (keyset on id, the (status, id) index when filtered). */
export async function listReports(
  db: Db,
  filter: { status?: (typeof messageReports.$inferSelect)["status"]; before: number | null; limit: number },
) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.status) conditions.push(eq(messageReports.status, filter.status));
  if (filter.before !== null) conditions.push(lt(messageReports.id, filter.before));
  return selectReports(db)
    .where(and(...conditions))
    .orderBy(desc(messageReports.id))
    .limit(filter.limit + 1);
}

export async function findReport(db: Db, id: number): Promise<ReportJoined | undefined> {
  return firstRow(selectReports(db).where(eq(messageReports.id, id)));
}

export async function countOpenReports(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(messageReports)
    .where(eq(messageReports.status, "open"));
  return row?.n ?? 0;
}

const threadColumns = { message: leadMessages, author: person(author) };
const selectThread = (db: Db) =>
  db.select(threadColumns).from(leadMessages).leftJoin(author, eq(author.id, leadMessages.senderId));
export type ThreadJoined = Awaited<ReturnType<ReturnType<typeof selectThread>["execute"]>>[number];

/** Up to `around` messages before the message and after it (plus one each way, to tell whether there are more). */
export async function threadAround(db: Db, leadId: number, messageId: number, around: number) {
  const before = await selectThread(db)
    .where(and(eq(leadMessages.leadId, leadId), lt(leadMessages.id, messageId)))
    .orderBy(desc(leadMessages.id))
    .limit(around + 1);
  const rest = await selectThread(db)
    .where(and(eq(leadMessages.leadId, leadId), sql`${leadMessages.id} >= ${messageId}`))
    .orderBy(asc(leadMessages.id))
    .limit(around + 2);
  return {
    messages: [...before.slice(0, around).reverse(), ...rest.slice(0, around + 1)],
    moreBefore: before.length > around,
    moreAfter: rest.length > around + 1,
  };
}

export async function findThreadMessage(db: Db, id: number): Promise<ThreadJoined | undefined> {
  return firstRow(selectThread(db).where(eq(leadMessages.id, id)));
}

/** Locks the message's row: two admins hiding it at once take turns. */
export async function lockMessage(db: Db, id: number) {
  return firstRow(db.select().from(leadMessages).where(eq(leadMessages.id, id)).for("update"));
}

export async function hideMessage(db: Db, id: number, reason: string): Promise<void> {
  await db.update(leadMessages).set({ hiddenAt: sql`now()`, hiddenReason: reason }).where(eq(leadMessages.id, id));
}

/** Resolves the open reports that match `where`; answers their ids. */
export async function closeOpenReports(
  db: Db,
  where: SQL,
  values: { status: "resolved" | "dismissed"; resolution: string; resolvedById: number },
): Promise<number[]> {
  const rows = await db
    .update(messageReports)
    .set({ ...values, resolvedAt: sql`now()` })
    .where(and(eq(messageReports.status, "open"), where))
    .returning({ id: messageReports.id });
  return rows.map((r) => r.id);
}

export const reportsOfMessage = (messageId: number) => eq(messageReports.messageId, messageId);
export const reportById = (id: number) => eq(messageReports.id, id);
/** The reports of every message the user wrote. */
export const reportsOfAuthor = (userId: number) =>
  inArray(
    messageReports.messageId,
    sql`(select ${leadMessages.id} from ${leadMessages} where ${leadMessages.senderId} = ${userId})`,
  );

/** The alerts raised for these reports are resolved with them: the admin acted on what they said. */
export async function resolveReportAlerts(db: Db, reportIds: number[], adminId: number, type: string): Promise<void> {
  if (reportIds.length === 0) return;
  await db
    .update(alerts)
    .set(alertResolution(adminId))
    .where(
      and(
        eq(alerts.type, type),
        eq(alerts.resourceType, "message_report"),
        inArray(alerts.resourceId, reportIds),
        eq(alerts.isResolved, false),
      ),
    );
}
