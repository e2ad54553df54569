import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { columnsOf } from "../../db/columns";
import { firstRow } from "../../db/first-row";
import { rowCount } from "../../db/row-count";
import { accountTokens } from "../../db/schema/account-tokens";
import { apiTokens } from "../../db/schema/api-tokens";
import { companies } from "../../db/schema/companies";
import { emailOutbox } from "../../db/schema/email-outbox";
import { idempotencyKeys } from "../../db/schema/idempotency-keys";
import { inquiries } from "../../db/schema/inquiries";
import { leadMessages, messageReports } from "../../db/schema/lead-messages";
import { leads } from "../../db/schema/leads";
import { loginAttempts } from "../../db/schema/login-attempts";
import { notificationPreferences } from "../../db/schema/notification-preferences";
import { notifications } from "../../db/schema/notifications";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { sessions } from "../../db/schema/sessions";
import { subscriptions } from "../../db/schema/subscriptions";
import { type UserRow, users } from "../../db/schema/users";
import { vendorApplications } from "../../db/schema/vendor-applications";
import { endUserStreams } from "../../live/publish";

// ---------------------------------------------------------------------------------------------
// The export: every query has the account in its `where`
// ---------------------------------------------------------------------------------------------

/** The account without its password hash. */
export async function findAccount(db: Db, userId: number) {
  return firstRow(
    db
      .select(
        columnsOf(users, [
          "id",
          "email",
          "firstName",
          "lastName",
          "userType",
          "totalPoints",
          "level",
          "createdAt",
          "updatedAt",
          "lastSignInAt",
          "emailVerifiedAt",
        ]),
      )
      .from(users)
      .where(eq(users.id, userId)),
  );
}

export async function listPreferences(db: Db, userId: number) {
  return db
    .select(columnsOf(notificationPreferences, ["kind", "email"]))
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .orderBy(asc(notificationPreferences.kind));
}

export async function listNotifications(db: Db, userId: number) {
  return db
    .select(columnsOf(notifications, ["id", "kind", "title", "body", "link", "readAt", "createdAt"]))
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
}

/** What a quote says and where it stands: the part of it both the client and the provider export. */
const QUOTE_TERMS = [
  "amountCents",
  "timeline",
  "message",
  "lineItems",
  "status",
  "declineReason",
  "decidedAt",
  "createdAt",
] as const;

/** The client's requests, and the quotes they received (withdrawn ones were never theirs to see). */
export async function listRequestsWithQuotes(db: Db, clientId: number) {
  const requests = await db
    .select()
    .from(quoteRequests)
    .where(eq(quoteRequests.clientId, clientId))
    .orderBy(asc(quoteRequests.id));
  const received = await db
    .select({ ...columnsOf(quotes, ["id", "quoteRequestId", ...QUOTE_TERMS]), companyName: companies.name })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .where(and(eq(quoteRequests.clientId, clientId), sql`${quotes.status} <> 'withdrawn'`))
    .orderBy(asc(quotes.id));
  return { requests, received };
}

/** The provider's company, subscription, leads (with their request's title) and quotes sent. */
export async function findProviderRecords(db: Db, userId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.userId, userId)).limit(1);
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!company) return { company: null, subscription: subscription ?? null, leads: [], quotes: [] };
  const leadRows = await db
    .select({
      ...columnsOf(leads, [
        "id",
        "quoteRequestId",
        "matchScore",
        "scoreParts",
        "status",
        "invited",
        "viewedAt",
        "createdAt",
      ]),
      title: quoteRequests.title,
    })
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(eq(leads.companyId, company.id))
    .orderBy(asc(leads.id));
  const quoteRows = await db
    .select(columnsOf(quotes, ["id", "leadId", "quoteRequestId", ...QUOTE_TERMS, "updatedAt"]))
    .from(quotes)
    .where(eq(quotes.companyId, company.id))
    .orderBy(asc(quotes.id));
  return { company, subscription: subscription ?? null, leads: leadRows, quotes: quoteRows };
}

/** What the public forms received from this address before (or besides) the account. */
export async function listFormsByEmail(db: Db, email: string) {
  const inquiryRows = await db
    .select()
    .from(inquiries)
    .where(eq(sql`lower(${inquiries.email})`, email.toLowerCase()))
    .orderBy(asc(inquiries.id));
  const applications = await db
    .select()
    .from(vendorApplications)
    .where(eq(sql`lower(${vendorApplications.email})`, email.toLowerCase()))
    .orderBy(asc(vendorApplications.id));
  return { inquiries: inquiryRows, vendorApplications: applications };
}

/** The conversation messages the user wrote, with the request each thread is about; hidden ones included. */
export async function listMessagesWritten(db: Db, userId: number) {
  return db
    .select({
      ...columnsOf(leadMessages, ["id", "leadId", "side", "body", "hiddenAt", "hiddenReason", "createdAt"]),
      quoteRequestId: leads.quoteRequestId,
      requestTitle: quoteRequests.title,
    })
    .from(leadMessages)
    .innerJoin(leads, eq(leads.id, leadMessages.leadId))
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(eq(leadMessages.senderId, userId))
    .orderBy(asc(leadMessages.id));
}

/**
 * The reports the user filed: what they said, about which message of which conversation (lead). Not the reported text
 * (another person's words) nor the admin's outcome (decision 134: the reporter is not told it).
 */
export async function listReportsFiled(db: Db, userId: number) {
  return db
    .select({
      ...columnsOf(messageReports, ["id", "messageId", "reason", "note", "createdAt"]),
      leadId: leadMessages.leadId,
    })
    .from(messageReports)
    .innerJoin(leadMessages, eq(leadMessages.id, messageReports.messageId))
    .where(eq(messageReports.reporterId, userId))
    .orderBy(asc(messageReports.id));
}

/** Sign-in attempts are kept by address (a day, for the limits), not by account id. */
export async function listSignInAttempts(db: Db, email: string) {
  return db
    .select(columnsOf(loginAttempts, ["ip", "succeeded", "createdAt"]))
    .from(loginAttempts)
    .where(eq(loginAttempts.email, email))
    .orderBy(asc(loginAttempts.id));
}

/** Sessions without their hashed tokens; only those still live (decision 117). */
export async function listSessions(db: Db, userId: number, now: Date, idleSince: Date) {
  return db
    .select(columnsOf(sessions, ["id", "createdAt", "expiresAt", "lastSeenAt", "userAgent"]))
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .orderBy(asc(sessions.createdAt));
}

// ---------------------------------------------------------------------------------------------
// The deletion: run inside one transaction by the service
// ---------------------------------------------------------------------------------------------

export async function lockUser(db: Db, userId: number): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(eq(users.id, userId)).for("update"));
}

/** Every admin row, locked, so that two admins leaving at once cannot leave none (as role changes do). */
export async function lockAdmins(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userType, "admin"))
    .orderBy(users.id)
    .for("update");
  return rows.map((r) => r.id);
}

export async function anonymiseUser(
  db: Db,
  userId: number,
  values: Pick<UserRow, "email" | "firstName" | "lastName" | "passwordHash" | "userType">,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, totalPoints: 0, level: 1, lastSignInAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function findRequestIds(db: Db, clientId: number, statuses: ("open" | "matched")[]) {
  const rows = await db
    .select({ id: quoteRequests.id })
    .from(quoteRequests)
    .where(and(eq(quoteRequests.clientId, clientId), inArray(quoteRequests.status, statuses)))
    .orderBy(asc(quoteRequests.id));
  return rows.map((r) => r.id);
}

/**
 * The client's contact in every kept request: the name becomes `name`, the email, company and
 * department go (the API answers them as optional). Answers how many requests there are.
 */
export async function anonymiseRequestContacts(db: Db, clientId: number, name: string): Promise<number> {
  const rows = await db
    .update(quoteRequests)
    .set({
      requirements: sql`(${quoteRequests.requirements} - 'email' - 'companyName' - 'department') || jsonb_build_object('fullName', ${name}::text)`,
      updatedAt: sql`now()`,
    })
    .where(eq(quoteRequests.clientId, clientId))
    .returning({ id: quoteRequests.id });
  return rows.length;
}

export async function findCompanyId(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.userId, userId)).limit(1);
  return row?.id;
}

/** The company stops being matched: rejected, with the reason the admin's Providers tab shows. */
export async function retireCompany(db: Db, companyId: number, reason: string): Promise<void> {
  await db
    .update(companies)
    .set({ status: "rejected", rejectionReason: reason, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId));
}

/** The company's pending quotes withdrawn; answers how many. */
export async function withdrawPendingQuotes(db: Db, companyId: number): Promise<number> {
  return rowCount(
    db
      .update(quotes)
      .set({ status: "withdrawn", declineReason: null, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(quotes.companyId, companyId), eq(quotes.status, "submitted")))
      .returning({ id: quotes.id }),
  );
}

/** Leads nobody will work on any more: all but those already closed. */
export async function closeCompanyLeads(db: Db, companyId: number): Promise<void> {
  await db
    .update(leads)
    .set({ status: "closed", updatedAt: sql`now()` })
    // A lead its provider turned down stays declined: the decline reasons count in the analytics.
    .where(and(eq(leads.companyId, companyId), sql`${leads.status} not in ('closed', 'declined')`));
}

/** What is only the user's: sessions, notifications, preferences, mail to them, forms and sign-ins by address. */
export async function deletePersonalRows(db: Db, userId: number, emails: string[]): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await endUserStreams(db, [userId]);
  // Links by email (reset, confirmation) would be keys to an account that is gone.
  await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
  // And the personal API tokens (decision 174): a script's key to an account that is gone.
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await db.delete(emailOutbox).where(or(eq(emailOutbox.userId, userId), inArray(emailOutbox.toAddress, emails)));
  await db.delete(loginAttempts).where(inArray(loginAttempts.email, emails));
  const lowered = emails.map((e) => e.toLowerCase());
  await db.delete(inquiries).where(inArray(sql`lower(${inquiries.email})`, lowered));
  await db.delete(vendorApplications).where(inArray(sql`lower(${vendorApplications.email})`, lowered));
}
