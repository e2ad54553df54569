// The SQL of reviews (issue 17): the hire a review is about, the review with its request, company and
// writer, and the writes that may happen once (the review per hire, the reply, the hiding), each one
// statement whose `where` or unique index says "once", so that two at a time cannot both succeed.
import { and, desc, eq, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { firstRow } from "../../db/first-row";
import { wroteAny } from "../../db/row-count";
import { companies } from "../../db/schema/companies";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { reviews } from "../../db/schema/reviews";
import { users } from "../../db/schema/users";

/** The client's own request, or undefined (another's request is as unknown as a missing one). */
export async function findClientRequest(db: Db, requestId: number, clientId: number) {
  return firstRow(
    db
      .select({ id: quoteRequests.id, title: quoteRequests.title, roiHoursPerYear: quoteRequests.roiHoursPerYear })
      .from(quoteRequests)
      .where(and(eq(quoteRequests.id, requestId), eq(quoteRequests.clientId, clientId))),
  );
}

/** The request's hire: its accepted quote (at most one, decision 073) and the company that won it. */
export async function findHire(db: Db, requestId: number) {
  return firstRow(
    db
      .select({
        quoteId: quotes.id,
        leadId: quotes.leadId,
        companyId: companies.id,
        name: companies.name,
        slug: companies.slug,
        ownerId: companies.userId,
      })
      .from(quotes)
      .innerJoin(companies, eq(companies.id, quotes.companyId))
      .where(and(eq(quotes.quoteRequestId, requestId), eq(quotes.status, "accepted"))),
  );
}

/** The new review's id, or undefined when the hire has its review already (the unique quote_id). */
export async function insertReview(db: Db, values: typeof reviews.$inferInsert): Promise<number | undefined> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: reviews.quoteId })
    .returning({ id: reviews.id });
  return row?.id;
}

const reviewColumns = {
  review: reviews,
  request: { title: quoteRequests.title, industry: quoteRequests.industry },
  company: { name: companies.name, slug: companies.slug, ownerId: companies.userId },
  writer: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};

const selectReviews = (db: Db) =>
  db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(quoteRequests, eq(quoteRequests.id, reviews.quoteRequestId))
    .innerJoin(companies, eq(companies.id, reviews.companyId))
    .innerJoin(users, eq(users.id, reviews.clientId));

export type ReviewJoined = Awaited<ReturnType<ReturnType<typeof selectReviews>["execute"]>>[number];

export async function findReview(db: Db, id: number): Promise<ReviewJoined | undefined> {
  return firstRow(selectReviews(db).where(eq(reviews.id, id)));
}

export async function findReviewOfRequest(db: Db, requestId: number): Promise<ReviewJoined | undefined> {
  return firstRow(selectReviews(db).where(eq(reviews.quoteRequestId, requestId)).orderBy(desc(reviews.id)));
}

/** One page of reviews matching `where`, newest first (keyset on id). */
export async function listReviews(db: Db, where: SQL | undefined, before: number | null, limit: number) {
  return selectReviews(db)
    .where(and(where, before === null ? undefined : lt(reviews.id, before)))
    .orderBy(desc(reviews.id))
    .limit(limit + 1);
}

export const reviewsOfCompany = (companyId: number) => eq(reviews.companyId, companyId);
export const visibleReviews = () => isNull(reviews.hiddenAt);
export const hiddenReviews = () => isNotNull(reviews.hiddenAt);

/** Writes the reply when there is none yet and the review is visible; true when it did. */
export async function writeReply(db: Db, id: number, body: string): Promise<boolean> {
  return wroteAny(
    db
      .update(reviews)
      .set({ replyBody: body, repliedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(reviews.id, id), isNull(reviews.replyBody), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id }),
  );
}

/** Hides a visible review; true when it did (false: hidden already). */
export async function hideReview(db: Db, id: number, adminId: number, reason: string): Promise<boolean> {
  return wroteAny(
    db
      .update(reviews)
      .set({ hiddenAt: sql`now()`, hiddenReason: reason, hiddenBy: adminId, updatedAt: sql`now()` })
      .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id }),
  );
}

/** The reviews a client wrote, for the account's export (decision 118). */
export async function listReviewsByClient(db: Db, clientId: number) {
  return selectReviews(db).where(eq(reviews.clientId, clientId)).orderBy(desc(reviews.id));
}

/** A user to tell of a review: their id, first name and address. */
export async function findPerson(db: Db, userId: number) {
  return firstRow(
    db.select({ id: users.id, firstName: users.firstName, email: users.email }).from(users).where(eq(users.id, userId)),
  );
}
