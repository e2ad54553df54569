import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { CompanyStatus } from "@/shared/companies";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { firstRow } from "../../db/first-row";
import { preparedPerDatabase } from "../../db/prepared";
import { type ApplicationSnapshot, type CompanyRow, companies } from "../../db/schema/companies";
import { quoteRequests } from "../../db/schema/quote-requests";
import { subscriptions } from "../../db/schema/subscriptions";
import { users } from "../../db/schema/users";

export type CompanyValues = Pick<
  CompanyRow,
  "name" | "description" | "industry" | "website" | "location" | "country" | "size" | "specialties"
>;
export type Owner = { id: number; firstName: string; lastName: string; email: string };

/** The user's company, if any. Matching and the provider pages read a provider's company with it. */
export async function findCompanyForUser(db: Db, userId: number): Promise<CompanyRow | undefined> {
  return firstRow(db.select().from(companies).where(eq(companies.userId, userId)));
}

/**
 * undefined when the user already has one (the unique user_id settles a race of two submits). The
 * database writes the slug (migration 0017): the name's when free, else with the id. Two registrations of
 * one name at once both find the name's slug free, and the second to commit hits the unique slug: it is
 * inserted once more, in a statement that now sees the first, and gets the slug with its id (decision 137).
 */
export async function insertCompany(db: Db, userId: number, values: CompanyValues): Promise<CompanyRow | undefined> {
  const insert = async (d: Db) => {
    const [row] = await d
      .insert(companies)
      .values({ ...values, userId })
      .onConflictDoNothing({ target: companies.userId })
      .returning();
    return row;
  };
  try {
    // In a savepoint when called in a transaction: the failed insert must not abort the caller's.
    return await db.transaction((tx) => insert(tx));
  } catch (error) {
    if (!isUniqueViolation(error, "companies_slug_key")) throw error;
    return insert(db);
  }
}

/**
 * The owner's edit. A rejected company, or one an admin asked to change (decision 177), goes back to
 * pending (a resubmission); others keep their status.
 */
export async function updateCompanyOfUser(
  db: Db,
  userId: number,
  values: CompanyValues,
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({
      ...values,
      status: sql`case when ${companies.status} in ('rejected', 'changes_requested') then 'pending'::company_status else ${companies.status} end`,
      rejectionReason: sql`case when ${companies.status} = 'rejected' then null else ${companies.rejectionReason} end`,
      resubmittedAt: sql`case when ${companies.status} = 'changes_requested' then now() else ${companies.resubmittedAt} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(companies.userId, userId))
    .returning();
  return row;
}

export async function lockCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  return firstRow(db.select().from(companies).where(eq(companies.id, id)).for("update"));
}

/**
 * Writes an admin's decision on a company the caller locked and found decidable. An approval verifies the
 * name and address the company has now (decision 149).
 */
export async function decideCompany(
  db: Db,
  id: number,
  decision: {
    status: Exclude<CompanyStatus, "pending" | "changes_requested">;
    rejectionReason: string | null;
    reviewedBy: number;
    /** On approval, what was verified (decision 177); left as it was when undefined. */
    verifiedDocuments?: CompanyRow["verifiedDocuments"] | undefined;
  },
): Promise<CompanyRow | undefined> {
  const { verifiedDocuments, ...fields } = decision;
  const [row] = await db
    .update(companies)
    .set({
      ...fields,
      ...(decision.status === "approved"
        ? { verifiedName: sql`${companies.name}`, verifiedSlug: sql`${companies.slug}` }
        : { verifiedDocuments: [] }),
      ...(decision.status === "approved" && verifiedDocuments ? { verifiedDocuments } : {}),
      // The requested changes are settled by the decision (decision 177).
      changesNote: null,
      changesRequestedAt: null,
      changesSnapshot: null,
      resubmittedAt: null,
      reviewedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

/** An approved company whose name or address is not the verified one: a change for an admin to review. */
const changeUnderReview = sql`(${companies.status} = 'approved' and (${companies.name} <> ${companies.verifiedName} or ${companies.slug} <> ${companies.verifiedSlug}))`;

/** Pending companies and approved ones with a change under review, with their owners, the longest-waiting first. */
export async function listPendingCompanies(db: Db): Promise<{ company: CompanyRow; owner: Owner }[]> {
  return db
    .select({
      company: companies,
      owner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .where(or(eq(companies.status, "pending"), changeUnderReview))
    .orderBy(asc(companies.createdAt), asc(companies.id));
}

export async function findOwner(db: Db, userId: number): Promise<Owner | undefined> {
  return firstRow(
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, userId)),
  );
}

/** Registering a company makes a client a provider; other types are left as they are. */
/** Whether the user has quote requests still running (open or matched), which a client must manage. */
export async function hasRunningQuoteRequests(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: quoteRequests.id })
    .from(quoteRequests)
    .where(and(eq(quoteRequests.clientId, userId), inArray(quoteRequests.status, ["open", "matched"])))
    .limit(1);
  return row !== undefined;
}

export async function makeClientAProvider(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ userType: "provider", updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.userType, "client")));
}

/** The provider's company and subscription, in one query. */
/** Every provider's read asks this first: prepared (decision 123). */
const providerContextStatement = preparedPerDatabase((db) =>
  db
    .select({
      companyId: companies.id,
      companyStatus: companies.status,
      rejectionReason: companies.rejectionReason,
      changesNote: companies.changesNote,
      subscriptionStatus: subscriptions.status,
    })
    .from(companies)
    .leftJoin(subscriptions, eq(subscriptions.userId, companies.userId))
    .where(eq(companies.userId, sql.placeholder("userId")))
    .limit(1)
    .prepare("provider_context"),
);

export async function findProviderContext(db: Db, userId: number) {
  const [row] = await providerContextStatement(db).execute({ userId });
  if (row) return row;
  const [sub] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return {
    companyId: null,
    companyStatus: null,
    rejectionReason: null,
    changesNote: null,
    subscriptionStatus: sub?.status ?? null,
  };
}

/**
 * The user's company id, its row locked to the end of the transaction: a count read after it (case
 * studies, webhook endpoints) cannot be passed by two additions at once. Undefined without a company.
 */
export async function lockCompanyIdOf(tx: Db, userId: number): Promise<number | undefined> {
  const [company] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.userId, userId))
    .for("update")
    .limit(1);
  return company?.id;
}

/**
 * An admin's "Request changes" on a company the caller locked and found pending (decision 177): the note,
 * and the application as it is now, which the resubmission is compared with.
 */
export async function requestCompanyChanges(
  db: Db,
  id: number,
  values: { note: string; reviewedBy: number; snapshot: ApplicationSnapshot },
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({
      status: "changes_requested",
      changesNote: values.note,
      changesRequestedAt: sql`now()`,
      changesSnapshot: values.snapshot,
      resubmittedAt: null,
      reviewedBy: values.reviewedBy,
      updatedAt: sql`now()`,
    })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

/** The user's company, locked to the end of the transaction (an edit with documents, decision 177). */
export async function lockCompanyOfUser(tx: Db, userId: number): Promise<CompanyRow | undefined> {
  return firstRow(tx.select().from(companies).where(eq(companies.userId, userId)).for("update"));
}
