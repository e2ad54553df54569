import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { QuoteRequestStatus } from "@/shared/quote-requests";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { type QuoteRequestRow, quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { users } from "../../db/schema/users";

export type QuoteRequestClient = { firstName: string; lastName: string; email: string };
export type QuoteRequestWithClient = { request: QuoteRequestRow; client: QuoteRequestClient };

const clientColumns = { firstName: users.firstName, lastName: users.lastName, email: users.email };

export type NewQuoteRequest = Omit<
  typeof quoteRequests.$inferInsert,
  "id" | "status" | "matchDueAt" | "createdAt" | "updatedAt"
> & { matchHours: number };

/** The match promise counts from the row's own created_at: both are the app clock's `now`. */
export async function insertQuoteRequest(db: Db, values: NewQuoteRequest, now: Date): Promise<QuoteRequestRow> {
  const { matchHours, ...rest } = values;
  const matchDueAt = new Date(now.getTime() + matchHours * 60 * 60 * 1000);
  const [row] = await db
    .insert(quoteRequests)
    .values({ ...rest, createdAt: now, updatedAt: now, matchDueAt })
    .returning();
  if (!row) throw new Error("The quote request was not written.");
  return row;
}

/** A client's own requests, newest first. */
export async function findQuoteRequestsByClient(db: Db, clientId: number): Promise<QuoteRequestWithClient[]> {
  return db
    .select({ request: quoteRequests, client: clientColumns })
    .from(quoteRequests)
    .innerJoin(users, eq(users.id, quoteRequests.clientId))
    .where(eq(quoteRequests.clientId, clientId))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id));
}

/** Any request by id; the caller decides who may read it (canReadQuoteRequest). */
export async function findQuoteRequestById(db: Db, id: number): Promise<QuoteRequestWithClient | undefined> {
  const [row] = await db
    .select({ request: quoteRequests, client: clientColumns })
    .from(quoteRequests)
    .innerJoin(users, eq(users.id, quoteRequests.clientId))
    .where(eq(quoteRequests.id, id))
    .limit(1);
  return row;
}

/** The owner's request, locked until the transaction ends, so that two status changes do not cross. */
export async function lockClientQuoteRequest(
  db: Db,
  id: number,
  clientId: number,
): Promise<QuoteRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(quoteRequests)
    .where(and(eq(quoteRequests.id, id), eq(quoteRequests.clientId, clientId)))
    .for("update")
    .limit(1);
  return row;
}

export async function setClientQuoteRequestStatus(
  db: Db,
  id: number,
  clientId: number,
  status: QuoteRequestStatus,
): Promise<QuoteRequestRow | undefined> {
  const [row] = await db
    .update(quoteRequests)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(quoteRequests.id, id), eq(quoteRequests.clientId, clientId)))
    .returning();
  return row;
}

/** The provider's lead for a request, if its company has one: what lets a provider read the request. */
export async function findProviderLeadForRequest(db: Db, userId: number, quoteRequestId: number) {
  const [row] = await db
    .select({ id: leads.id, status: leads.status })
    .from(leads)
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .where(and(eq(leads.quoteRequestId, quoteRequestId), eq(companies.userId, userId)))
    .limit(1);
  return row;
}

export async function hasLiveQuote(db: Db, leadId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.leadId, leadId), ne(quotes.status, "withdrawn")))
    .limit(1);
  return !!row;
}
