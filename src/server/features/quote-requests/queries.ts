import { and, count, desc, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { QuoteRequestStatus } from "@/shared/quote-request-status";
import { aggregateRow, countWhere } from "../../db/aggregates";
import type { Db } from "../../db/client";
import { firstRow } from "../../db/first-row";
import { isoTime, type JsonPage, jsonObject, jsonPageColumns } from "../../db/json-page";
import { preparedPerDatabase } from "../../db/prepared";
import { rowCount, wroteAny } from "../../db/row-count";
import { companies } from "../../db/schema/companies";
import { type IdempotencyKeyRow, idempotencyKeys } from "../../db/schema/idempotency-keys";
import { leadMessages } from "../../db/schema/lead-messages";
import { leads } from "../../db/schema/leads";
import { type QuoteRequestRow, quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { users } from "../../db/schema/users";
import { createdBefore } from "../../http/paging";

export type QuoteRequestClient = { firstName: string; lastName: string; email: string };
export type QuoteRequestWithClient = {
  request: QuoteRequestRow;
  client: QuoteRequestClient;
  /** The provider the client invited (decision 172), when it was read; null when none (or its company is gone). */
  invited?: { name: string; slug: string } | null;
};

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

/** What a list shows of a request (toSummary): not its requirements, a JSON document per row. */
const summaryColumns = {
  id: quoteRequests.id,
  title: quoteRequests.title,
  description: quoteRequests.description,
  industry: quoteRequests.industry,
  createdAt: quoteRequests.createdAt,
  budgetRange: quoteRequests.budgetRange,
  automationTypes: quoteRequests.automationTypes,
  status: quoteRequests.status,
  timeline: quoteRequests.timeline,
  matchDueAt: quoteRequests.matchDueAt,
  isComplex: quoteRequests.isComplex,
  roiHoursPerYear: quoteRequests.roiHoursPerYear,
};
export type QuoteRequestSummaryRow = {
  request: Pick<QuoteRequestRow, keyof typeof summaryColumns>;
  client: QuoteRequestClient;
};

/**
 * A page of a client's own requests, newest first, optionally of some statuses, as the answer's JSON
 * (decision 182): each item as toSummary writes it, the client's contact being the caller's own (no
 * join). The first page of every status, what the dashboard asks for, is prepared (decision 123).
 */
function clientPage(db: Db, filter: SQL | undefined) {
  const order = sql`${quoteRequests.createdAt} desc, ${quoteRequests.id} desc`;
  const r = db
    .select({ ...summaryColumns, n: sql<number>`row_number() over (order by ${order})`.as("n") })
    .from(quoteRequests)
    .where(and(eq(quoteRequests.clientId, sql.placeholder("clientId")), filter))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
    .limit(sql.placeholder("limitPlusOne"))
    .as("r");
  const text = (name: string) => sql`${sql.placeholder(name)}::text`;
  const item = jsonObject({
    id: r.id,
    title: r.title,
    description: r.description,
    industry: r.industry,
    createdAt: isoTime(r.createdAt),
    budgetRange: r.budgetRange,
    automationTypes: r.automationTypes,
    status: r.status,
    timeline: r.timeline,
    client: jsonObject({ firstName: text("firstName"), lastName: text("lastName"), email: text("email") }),
    matchDueAt: isoTime(r.matchDueAt),
    isComplex: r.isComplex,
    roiHoursPerYear: r.roiHoursPerYear,
  });
  return db.select(jsonPageColumns(item, r.n, r.id, sql`${sql.placeholder("limit")}::int`)).from(r);
}
const firstPageByClient = preparedPerDatabase((db) =>
  clientPage(db, undefined).prepare("first_quote_requests_by_client"),
);

export async function findQuoteRequestsByClient(
  db: Db,
  client: QuoteRequestClient & { id: number },
  page: { after: number | null; limit: number; statuses?: QuoteRequestStatus[] | undefined },
): Promise<JsonPage> {
  const values = {
    clientId: client.id,
    limit: page.limit,
    limitPlusOne: page.limit + 1,
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
  };
  const [row] =
    page.after === null && !page.statuses
      ? await firstPageByClient(db).execute(values)
      : await clientPage(
          db,
          and(
            page.statuses ? inArray(quoteRequests.status, page.statuses) : undefined,
            createdBefore(quoteRequests, quoteRequests, page.after),
          ),
        ).execute(values);
  return { items: row?.items ?? "[]", nextId: row?.nextId ?? null };
}

/**
 * A client's figures in one statement, in the shape of the dashboard's summary: counts by status and
 * the estimated hours of the wanted ones.
 */
export async function countClientQuoteRequests(db: Db, clientId: number) {
  return aggregateRow(
    db
      .select({
        total: count(),
        byStatus: {
          open: countWhere(sql`${quoteRequests.status} = 'open'`),
          matched: countWhere(sql`${quoteRequests.status} = 'matched'`),
          closed: countWhere(sql`${quoteRequests.status} = 'closed'`),
          cancelled: countWhere(sql`${quoteRequests.status} = 'cancelled'`),
        },
        hoursSavedPerYear:
          sql<number>`coalesce(sum(${quoteRequests.roiHoursPerYear}) filter (where ${quoteRequests.status} <> 'cancelled'), 0)`.mapWith(
            Number,
          ),
        withEstimate: countWhere(
          sql`${quoteRequests.roiHoursPerYear} is not null and ${quoteRequests.status} <> 'cancelled'`,
        ),
      })
      .from(quoteRequests)
      .where(eq(quoteRequests.clientId, clientId)),
  );
}

/** Any request by id; the caller decides who may read it (canReadQuoteRequest). */
export async function findQuoteRequestById(db: Db, id: number): Promise<QuoteRequestWithClient | undefined> {
  return firstRow(
    db
      .select({
        request: quoteRequests,
        client: clientColumns,
        invited: { name: companies.name, slug: companies.slug },
      })
      .from(quoteRequests)
      .innerJoin(users, eq(users.id, quoteRequests.clientId))
      .leftJoin(companies, eq(companies.id, quoteRequests.invitedCompanyId))
      .where(eq(quoteRequests.id, id)),
  );
}

/** The owner's request, locked until the transaction ends, so that two status changes do not cross. */
export async function lockClientQuoteRequest(
  db: Db,
  id: number,
  clientId: number,
): Promise<QuoteRequestRow | undefined> {
  return firstRow(
    db
      .select()
      .from(quoteRequests)
      .where(and(eq(quoteRequests.id, id), eq(quoteRequests.clientId, clientId)))
      .for("update"),
  );
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
  return firstRow(
    db
      .select({ id: leads.id, status: leads.status })
      .from(leads)
      .innerJoin(companies, eq(companies.id, leads.companyId))
      .where(and(eq(leads.quoteRequestId, quoteRequestId), eq(companies.userId, userId))),
  );
}

/**
 * What decides whether a lead's provider sees the client's contact details, in one statement: whether
 * the provider has a quote on the lead that is not withdrawn, whether the client has written in the
 * lead's conversation, and whether the client has confirmed the email address.
 */
export async function findContactFacts(db: Db, leadId: number, clientId: number) {
  const [row] = await db
    .select({
      quoted: sql<boolean>`exists (select 1 from ${quotes} q where q.lead_id = ${leadId} and q.status <> 'withdrawn')`,
      clientWrote: sql<boolean>`exists (select 1 from ${leadMessages} m where m.lead_id = ${leadId} and m.side = 'client' and m.hidden_at is null)`,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(users)
    .where(eq(users.id, clientId))
    .limit(1);
  return row ?? { quoted: false, clientWrote: false, verified: false };
}

/** The user's key, unless it expired (made at or before `expiredAt`); expired rows wait for the purge. */
export async function findLiveIdempotencyKey(
  db: Db,
  userId: number,
  key: string,
  expiredAt: Date,
): Promise<IdempotencyKeyRow | undefined> {
  return firstRow(
    db
      .select()
      .from(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), gt(idempotencyKeys.createdAt, expiredAt)),
      ),
  );
}

/**
 * Claims the key for a request just inserted in the same transaction: a new key, or an expired one taken
 * over. Answers false when a live one exists; on PostgreSQL a concurrent claim of the same key waits here
 * until the other transaction ends, then finds its row (the primary key decides, not a prior read).
 */
export async function claimIdempotencyKey(
  db: Db,
  values: Omit<IdempotencyKeyRow, "createdAt">,
  now: Date,
  expiredAt: Date,
): Promise<boolean> {
  return wroteAny(
    db
      .insert(idempotencyKeys)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash: values.requestHash, quoteRequestId: values.quoteRequestId, createdAt: now },
        setWhere: lte(idempotencyKeys.createdAt, expiredAt),
      })
      .returning({ key: idempotencyKeys.key }),
  );
}

/** Keys made at or before `expiredAt` no longer protect anything. */
export async function deleteIdempotencyKeysBefore(db: Db, expiredAt: Date): Promise<number> {
  return rowCount(
    db.delete(idempotencyKeys).where(lte(idempotencyKeys.createdAt, expiredAt)).returning({ key: idempotencyKeys.key }),
  );
}
