import { and, asc, count, desc, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import type { DeclineReason, StoredLineItem } from "@/shared/quotes";
import { aggregateRow, countWhere } from "../../db/aggregates";
import type { Db } from "../../db/client";
import { firstRow } from "../../db/first-row";
import { companies } from "../../db/schema/companies";
import { type LeadRow, leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import { type QuoteRow, quotes } from "../../db/schema/quotes";
import { reviews } from "../../db/schema/reviews";
import { users } from "../../db/schema/users";
import { createdBefore } from "../../http/paging";
import { listed } from "../providers/queries";

export type QuoteValues = { amountCents: number; timeline: string; message: string; lineItems: StoredLineItem[] };

/** The company's lead, unlocked: the caller locks its request first (lock order: request, then lead). */
export async function findCompanyLead(db: Db, leadId: number, companyId: number): Promise<LeadRow | undefined> {
  return firstRow(
    db
      .select()
      .from(leads)
      .where(and(eq(leads.id, leadId), eq(leads.companyId, companyId))),
  );
}

/**
 * Locks a request until the transaction ends. Every change to a request's quotes takes this lock first,
 * so that an accept, a decline, a cancel and a new quote on one request happen one after another.
 */
export async function lockRequest(db: Db, id: number) {
  return firstRow(
    db
      .select({ id: quoteRequests.id, status: quoteRequests.status, clientId: quoteRequests.clientId })
      .from(quoteRequests)
      .where(eq(quoteRequests.id, id))
      .for("update"),
  );
}

/** The lead's quote that is not withdrawn (at most one: the partial unique index). */
export async function findLiveQuoteForLead(db: Db, leadId: number): Promise<QuoteRow | undefined> {
  return firstRow(
    db
      .select()
      .from(quotes)
      .where(and(eq(quotes.leadId, leadId), ne(quotes.status, "withdrawn"))),
  );
}

/** undefined when the lead already has a live quote (the unique index decides, also in a race). */
export async function insertQuote(
  db: Db,
  lead: Pick<LeadRow, "id" | "companyId" | "quoteRequestId">,
  values: QuoteValues,
): Promise<QuoteRow | undefined> {
  const [row] = await db
    .insert(quotes)
    .values({ ...values, leadId: lead.id, companyId: lead.companyId, quoteRequestId: lead.quoteRequestId })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function findCompanyQuote(db: Db, quoteId: number, companyId: number): Promise<QuoteRow | undefined> {
  return firstRow(
    db
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, quoteId), eq(quotes.companyId, companyId))),
  );
}

/** A quote on one of the client's requests; withdrawn quotes are not the client's to see. */
export async function findClientQuote(db: Db, quoteId: number, clientId: number): Promise<QuoteRow | undefined> {
  const [row] = await db
    .select({ quote: quotes })
    .from(quotes)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
    .where(and(eq(quotes.id, quoteId), eq(quoteRequests.clientId, clientId), ne(quotes.status, "withdrawn")))
    .limit(1);
  return row?.quote;
}

/** Edits a pending quote; undefined when it is not pending (any more). */
export async function updatePendingQuote(
  db: Db,
  quoteId: number,
  companyId: number,
  values: QuoteValues,
): Promise<QuoteRow | undefined> {
  const [row] = await db
    .update(quotes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(quotes.id, quoteId), eq(quotes.companyId, companyId), eq(quotes.status, "submitted")))
    .returning();
  return row;
}

/** Moves pending quotes on; only those still pending change, which makes every decision happen once. */
export async function decidePendingQuotes(
  db: Db,
  where: { quoteId?: number; quoteRequestId?: number; exceptQuoteId?: number },
  decision: { status: "accepted" | "withdrawn" } | { status: "declined"; declineReason: DeclineReason },
): Promise<QuoteRow[]> {
  return db
    .update(quotes)
    .set({ declineReason: null, ...decision, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(quotes.status, "submitted"),
        where.quoteId !== undefined ? eq(quotes.id, where.quoteId) : undefined,
        where.quoteRequestId !== undefined ? eq(quotes.quoteRequestId, where.quoteRequestId) : undefined,
        where.exceptQuoteId !== undefined ? ne(quotes.id, where.exceptQuoteId) : undefined,
      ),
    )
    .returning();
}

export async function setLeadStatus(
  db: Db,
  where: { leadIds?: number[]; quoteRequestId?: number; fromStatus?: LeadRow["status"] },
  status: LeadRow["status"],
): Promise<void> {
  if (where.leadIds && where.leadIds.length === 0) return;
  await db
    .update(leads)
    .set({
      status,
      updatedAt: sql`now()`,
      // A lead quoted without being opened through its page was still seen.
      ...(status === "quoted" ? { viewedAt: sql`coalesce(${leads.viewedAt}, now())` } : {}),
    })
    .where(
      and(
        where.leadIds ? inArray(leads.id, where.leadIds) : undefined,
        where.quoteRequestId !== undefined ? eq(leads.quoteRequestId, where.quoteRequestId) : undefined,
        where.fromStatus ? eq(leads.status, where.fromStatus) : undefined,
        // A lead its provider turned down stays declined whatever happens to the request.
        ne(leads.status, "declined"),
      ),
    );
}

export async function setRequestStatus(db: Db, id: number, status: "closed" | "cancelled"): Promise<void> {
  await db.update(quoteRequests).set({ status, updatedAt: sql`now()` }).where(eq(quoteRequests.id, id));
}

export async function findClientRequest(db: Db, id: number, clientId: number) {
  return firstRow(
    db
      .select({ id: quoteRequests.id, status: quoteRequests.status })
      .from(quoteRequests)
      .where(and(eq(quoteRequests.id, id), eq(quoteRequests.clientId, clientId))),
  );
}

/**
 * The request's quotes for its client, with who sent them and the lead's score; withdrawn ones left
 * out. One statement (decision 123): each provider's visible reviews, counted with their ratings and
 * outcomes in a grouped subquery over the companies that quoted here, so the count, the average and
 * the outcomes always describe the same reviews (decision 142).
 */
export async function listQuotesOfRequest(db: Db, quoteRequestId: number) {
  const reviewStats = db
    .select({
      companyId: reviews.companyId,
      count: count().as("visible_reviews"),
      average: sql<string>`round(avg(${reviews.rating}), 2)`.as("visible_rating"),
      met: sql<number>`count(*) filter (where ${reviews.outcome} = 'met')`.as("outcomes_met"),
      partly: sql<number>`count(*) filter (where ${reviews.outcome} = 'partly')`.as("outcomes_partly"),
      notMet: sql<number>`count(*) filter (where ${reviews.outcome} = 'not_met')`.as("outcomes_not_met"),
    })
    .from(reviews)
    .where(
      and(
        isNull(reviews.hiddenAt),
        inArray(
          reviews.companyId,
          db.select({ id: quotes.companyId }).from(quotes).where(eq(quotes.quoteRequestId, quoteRequestId)),
        ),
      ),
    )
    .groupBy(reviews.companyId)
    .as("review_stats");
  return db
    .select({
      quote: quotes,
      matchScore: leads.matchScore,
      provider: {
        name: companies.name,
        size: companies.size,
        specialties: companies.specialties,
        location: companies.location,
        website: companies.website,
        slug: companies.slug,
        hires: companies.hires,
        profilePublic: sql<boolean>`(${listed})`,
      },
      reviews: {
        count: sql<number>`coalesce(${reviewStats.count}, 0)`.mapWith(Number),
        average: sql<string | null>`${reviewStats.average}`,
        met: sql<number>`coalesce(${reviewStats.met}, 0)`.mapWith(Number),
        partly: sql<number>`coalesce(${reviewStats.partly}, 0)`.mapWith(Number),
        notMet: sql<number>`coalesce(${reviewStats.notMet}, 0)`.mapWith(Number),
      },
    })
    .from(quotes)
    .innerJoin(leads, eq(leads.id, quotes.leadId))
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .innerJoin(users, eq(users.id, companies.userId))
    .leftJoin(reviewStats, eq(reviewStats.companyId, quotes.companyId))
    .where(and(eq(quotes.quoteRequestId, quoteRequestId), ne(quotes.status, "withdrawn")))
    .orderBy(asc(quotes.createdAt), asc(quotes.id));
}

/** Whom a notice goes to: the user's id (the bell), first name (the greeting) and address (the email). */
const recipient = { id: users.id, firstName: users.firstName, email: users.email };

/** Who is told about a quote: the request's client and title, and the provider's owner and company. */
export async function findQuoteParties(db: Db, quote: Pick<QuoteRow, "quoteRequestId" | "companyId">) {
  const request = await firstRow(
    db
      .select({ title: quoteRequests.title, client: recipient })
      .from(quoteRequests)
      .innerJoin(users, eq(users.id, quoteRequests.clientId))
      .where(eq(quoteRequests.id, quote.quoteRequestId)),
  );
  const provider = await firstRow(
    db
      .select({ companyName: companies.name, owner: recipient })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.userId))
      .where(eq(companies.id, quote.companyId)),
  );
  if (!request || !provider) throw new Error("A quote without its request or company.");
  return { request, provider };
}

// ---------------------------------------------------------------------------------------------
// Analytics
// ---------------------------------------------------------------------------------------------

export async function countPipeline(db: Db, companyId: number) {
  const leadCounts = await aggregateRow(
    db
      .select({
        leads: count(),
        viewed: count(leads.viewedAt),
        fresh: countWhere(sql`${leads.status} = 'new'`),
        invited: countWhere(sql`${leads.invited}`),
      })
      .from(leads)
      .where(eq(leads.companyId, companyId)),
  );
  const quoteCounts = await aggregateRow(
    db
      .select({
        quoted: sql<number>`count(distinct ${quotes.leadId}) filter (where ${quotes.status} <> 'withdrawn')`.mapWith(
          Number,
        ),
        sent: countWhere(sql`${quotes.status} <> 'withdrawn'`),
        won: countWhere(sql`${quotes.status} = 'accepted'`),
        lost: countWhere(sql`${quotes.status} = 'declined'`),
        invitedWon: countWhere(sql`${quotes.status} = 'accepted' and exists (
        select 1 from ${leads} where ${leads.id} = ${quotes.leadId} and ${leads.invited})`),
      })
      .from(quotes)
      .where(eq(quotes.companyId, companyId)),
  );
  return { ...leadCounts, ...quoteCounts };
}

/** Quotes sent (not withdrawn) per UTC month since `since`, and how many of them were accepted. */
export async function countQuotesByMonth(db: Db, companyId: number, since: Date) {
  const month = sql<string>`to_char(${quotes.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({
      month,
      sent: count(),
      accepted: countWhere(sql`${quotes.status} = 'accepted'`),
    })
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), ne(quotes.status, "withdrawn"), gte(quotes.createdAt, since)))
    .groupBy(month)
    .orderBy(month);
}

/** A page of the provider's quotes for /my-quotes, newest first, with the request's title (limit + 1 rows). */
export async function listProviderQuotes(db: Db, userId: number, page: { after: number | null; limit: number }) {
  return db
    .select({ quote: quotes, title: quoteRequests.title })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .innerJoin(quoteRequests, eq(quoteRequests.id, quotes.quoteRequestId))
    .where(and(eq(companies.userId, userId), createdBefore(quotes, quotes, page.after)))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(page.limit + 1);
}

/** The request's leads still open to their providers (new, viewed or quoted), for the lead.withdrawn webhook. */
export async function openLeadsOfRequest(db: Db, quoteRequestId: number) {
  return db
    .select({ id: leads.id, companyId: leads.companyId })
    .from(leads)
    .where(and(eq(leads.quoteRequestId, quoteRequestId), inArray(leads.status, ["new", "viewed", "quoted"])));
}

export async function leadIdOfQuote(db: Db, quoteId: number): Promise<number | null> {
  const [row] = await db.select({ leadId: quotes.leadId }).from(quotes).where(eq(quotes.id, quoteId));
  return row?.leadId ?? null;
}
