// What the API tests read back from the tables the product writes to: the emails it queued and the
// notifications it stored, a request's leads and status. Kept once here, so that every test reads alike.
import { and, desc, eq } from "drizzle-orm";
import { companies } from "../db/schema/companies";
import { emailOutbox } from "../db/schema/email-outbox";
import { leads } from "../db/schema/leads";
import { notifications } from "../db/schema/notifications";
import { quoteRequests } from "../db/schema/quote-requests";
import type { TestContext } from "./test-app";

/** The emails of `kind` queued for `address`, newest first. */
export function emailsTo(ctx: TestContext, address: string, kind: string) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.id));
}

/** The user's notifications of `kind`, oldest first. */
export function notificationsOf(ctx: TestContext, userId: number, kind: string) {
  return ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
    .orderBy(notifications.id);
}

/** The request's leads, whatever their status. */
export function leadsOfRequest(ctx: TestContext, requestId: number) {
  return ctx.database.db.select().from(leads).where(eq(leads.quoteRequestId, requestId));
}

/** The request's status, undefined when there is no such request. */
export async function requestStatus(ctx: TestContext, requestId: number) {
  const [row] = await ctx.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId));
  return row?.status;
}

/** The company's rating figures as the reviews keep them: how many count, their sum and their average. */
export async function ratingFigures(ctx: TestContext, companyId: number) {
  const [row] = await ctx.database.db
    .select({ reviewCount: companies.reviewCount, ratingSum: companies.ratingSum, ratingAvg: companies.ratingAvg })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}
