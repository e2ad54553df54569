// The public reads of issue 17 (decision 137): the directory over approved providers whose owner is in
// good standing, and one provider's profile with its case studies and visible reviews. Every read is
// of public data only; the owner's preview is decided in the service.
import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { DELETED_EMAIL_DOMAIN } from "@/shared/account";
import type { DirectorySort } from "@/shared/providers";
import type { ReviewOutcome } from "@/shared/reviews";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import type { Db } from "../../db/client";
import { firstRow } from "../../db/first-row";
import { caseStudies } from "../../db/schema/case-studies";
import { companies } from "../../db/schema/companies";
import { quoteRequests } from "../../db/schema/quote-requests";
import { reviews } from "../../db/schema/reviews";
import { users } from "../../db/schema/users";

/**
 * The owner in good standing: still a provider (an admin may have changed the role, decision 094; matching
 * then skips the company too), not suspended, not a deleted account (decision 118).
 */
const ownerInGoodStanding = sql`${users.userType} = 'provider' and ${users.suspendedAt} is null and ${users.email} not like ${`%@${DELETED_EMAIL_DOMAIN}`}`;

/**
 * Listed: approved, with the owner in good standing. The status matches the directory's partial indexes.
 * A statement that uses it joins the company's owner as `users`; the client's quotes read it too, to
 * say whether a quoting provider's profile is public (decision 151).
 */
export const listed = sql`${companies.status} = 'approved' and ${ownerInGoodStanding}`;

export type DirectoryFilters = {
  specialty?: string | undefined;
  industry?: string | undefined;
  country?: string | undefined;
  minRating?: number | undefined;
};

function filtersWhere(f: DirectoryFilters): SQL[] {
  const where: SQL[] = [listed];
  if (f.specialty !== undefined) {
    // The bit of the generated specialty_mask: arithmetic on the row instead of searching the array.
    const bit = 2 ** PROVIDER_SPECIALTIES.indexOf(f.specialty as (typeof PROVIDER_SPECIALTIES)[number]);
    where.push(sql`(${companies.specialtyMask} & ${bit}::integer) <> 0`);
  }
  if (f.industry !== undefined) where.push(sql`${companies.industriesServed} @> array[${f.industry}]::text[]`);
  if (f.country !== undefined) where.push(eq(companies.country, f.country));
  if (f.minRating !== undefined) where.push(sql`${companies.ratingAvg} >= ${f.minRating}::numeric`);
  return where;
}

/**
 * Where a page starts: the sort key values of the previous page's last row, exactly as the database
 * wrote them (text), and its id. `name` keeps only the id: its key is read from that row in the same
 * statement (a company name does not fit a cursor, and it seldom changes).
 */
export type DirectoryKeyset =
  | { sort: "rating"; rating: string | null; reviews: number; id: number }
  | { sort: "reviews"; reviews: number; id: number }
  | { sort: "hires"; hires: number; id: number }
  | { sort: "newest"; micros: string | null; id: number }
  | { sort: "name"; id: number };

const reviewedMicros = sql<string | null>`(extract(epoch from ${companies.reviewedAt}) * 1000000)::bigint::text`;
const microsToTime = (micros: string) => sql`('epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond')`;

/** The rows after the keyset in the sort's order, written so that the sort's partial index serves it. */
function afterKeyset(k: DirectoryKeyset): SQL {
  const id = companies.id;
  switch (k.sort) {
    case "rating": {
      const sameRating =
        k.rating === null ? sql`${companies.ratingAvg} is null` : sql`${companies.ratingAvg} = ${k.rating}::numeric`;
      const tail = sql`(${sameRating} and (${companies.reviewCount} < ${k.reviews}::integer or (${companies.reviewCount} = ${k.reviews}::integer and ${id} > ${k.id}::integer)))`;
      if (k.rating === null) return tail;
      return sql`(${companies.ratingAvg} < ${k.rating}::numeric or ${companies.ratingAvg} is null or ${tail})`;
    }
    case "reviews":
      return sql`(${companies.reviewCount} < ${k.reviews}::integer or (${companies.reviewCount} = ${k.reviews}::integer and ${id} > ${k.id}::integer))`;
    case "hires":
      return sql`(${companies.hires} < ${k.hires}::integer or (${companies.hires} = ${k.hires}::integer and ${id} > ${k.id}::integer))`;
    case "newest": {
      if (k.micros === null) return sql`(${companies.reviewedAt} is null and ${id} > ${k.id}::integer)`;
      const at = microsToTime(k.micros);
      return sql`(${companies.reviewedAt} < ${at} or ${companies.reviewedAt} is null or (${companies.reviewedAt} = ${at} and ${id} > ${k.id}::integer))`;
    }
    case "name":
      return sql`(lower(${companies.name}), ${id}) > (select lower(c.name), c.id from ${companies} c where c.id = ${k.id}::integer and c.status = 'approved')`;
  }
}

/** The order of each sort, the same expressions as its index (migration 0017). */
const ORDER: Record<DirectorySort, SQL[]> = {
  rating: [sql`${companies.ratingAvg} desc nulls last`, desc(companies.reviewCount), asc(companies.id)],
  reviews: [desc(companies.reviewCount), asc(companies.id)],
  hires: [desc(companies.hires), asc(companies.id)],
  newest: [sql`${companies.reviewedAt} desc nulls last`, asc(companies.id)],
  name: [sql`lower(${companies.name})`, asc(companies.id)],
};

/** What a directory card shows; the description cut short in the database, the summary is made from it. */
const entryColumns = {
  id: companies.id,
  slug: companies.slug,
  name: companies.name,
  description: sql<string>`left(${companies.description}, 201)`,
  industry: companies.industry,
  industriesServed: companies.industriesServed,
  specialties: companies.specialties,
  location: companies.location,
  country: companies.country,
  size: companies.size,
  reviewedAt: companies.reviewedAt,
  createdAt: companies.createdAt,
  // Listed means approved: the badge also needs the name and address an admin verified (decision 149).
  verified: sql<boolean>`(${companies.name} = ${companies.verifiedName} and ${companies.slug} = ${companies.verifiedSlug})`,
  requestsQuoted: companies.requestsQuoted,
  hires: companies.hires,
  medianResponseMinutes: companies.medianResponseMinutes,
  reviewCount: companies.reviewCount,
  ratingAvg: companies.ratingAvg,
  // The keys of the next page's cursor, as the database holds them.
  ratingKey: sql<string | null>`${companies.ratingAvg}::text`,
  reviewedMicros,
};
export type DirectoryRow = Awaited<ReturnType<typeof listDirectory>>[number];

export function listDirectory(
  db: Db,
  args: { filters: DirectoryFilters; sort: DirectorySort; after: DirectoryKeyset | null; limit: number },
) {
  const where = filtersWhere(args.filters);
  if (args.after) where.push(afterKeyset(args.after));
  return db
    .select(entryColumns)
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .where(and(...where))
    .orderBy(...ORDER[args.sort])
    .limit(args.limit);
}

/**
 * How many providers the filters leave: the approved ones, less those of owners not in good standing.
 * Counted apart, so that neither count joins every company to its owner (a hash of the whole users
 * table a request): the first reads companies alone, the second starts from the few owners suspended
 * or deleted. The bench explains it, so it is built apart.
 */
export function countDirectoryQuery(db: Db, filters: DirectoryFilters) {
  const where = filtersWhere(filters);
  const approved = db
    .select({ n: sql<number>`count(*)` })
    .from(companies)
    .where(and(sql`${companies.status} = 'approved'`, ...where.slice(1)));
  const unlisted = db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .innerJoin(companies, eq(companies.userId, users.id))
    .where(and(sql`not (${ownerInGoodStanding})`, sql`${companies.status} = 'approved'`, ...where.slice(1)));
  return db.select({ n: sql<number>`((${approved}) - (${unlisted}))::integer` }).from(sql`(select 1) as one`);
}

export async function countDirectory(db: Db, filters: DirectoryFilters): Promise<number> {
  const [row] = await countDirectoryQuery(db, filters);
  return row?.n ?? 0;
}

/** How many listed providers have each value of `column` (an array is counted by its elements). */
function facetCounts(db: Db, value: SQL<string | null>, where: SQL[]) {
  const rows = db
    .select({ value: value.as("value") })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .where(and(...where))
    .as("rows");
  return db
    .select({ value: sql<string>`${rows.value}`, count: sql<number>`count(*)::integer` })
    .from(rows)
    .where(sql`${rows.value} is not null`)
    .groupBy(rows.value)
    .orderBy(sql`count(*) desc`, rows.value);
}

/**
 * The values of the directory's three filters that listed providers have, with counts: each under the
 * other filters, its own left out (decision 157). Three statements, run side by side.
 */
export async function directoryFacets(db: Db, f: DirectoryFilters) {
  const [specialties, industries, countries] = await Promise.all([
    facetCounts(db, sql<string>`unnest(${companies.specialties})`, filtersWhere({ ...f, specialty: undefined })),
    facetCounts(db, sql<string>`unnest(${companies.industriesServed})`, filtersWhere({ ...f, industry: undefined })),
    facetCounts(db, sql<string | null>`${companies.country}`, filtersWhere({ ...f, country: undefined })),
  ]);
  return { specialties, industries, countries };
}

type CaseStudyJson = {
  id: number;
  title: string;
  industry: string;
  problem: string;
  solution: string;
  result: string;
  figures: { label: string; value: string }[];
  createdAt: string;
  updatedAt: string;
};

/**
 * One provider by its address, with what decides who may read it (status, the owner's standing), its
 * case studies in id order and its visible reviews' outcomes: one statement.
 */
export async function findProfile(db: Db, slug: string) {
  return firstRow(
    db
      .select({
        company: companies,
        ownerInGoodStanding: sql<boolean>`(${ownerInGoodStanding})`,
        caseStudies: sql<CaseStudyJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', cs.id, 'title', cs.title, 'industry', cs.industry, 'problem', cs.problem,
          'solution', cs.solution, 'result', cs.result, 'figures', cs.figures,
          'createdAt', cs.created_at, 'updatedAt', cs.updated_at) order by cs.id)
        from ${caseStudies} cs where cs.company_id = ${companies.id}), '[]'::json)`,
        outcomes: sql<Record<ReviewOutcome, number>>`(
        select json_build_object(
          'met', count(*) filter (where r.outcome = 'met'),
          'partly', count(*) filter (where r.outcome = 'partly'),
          'not_met', count(*) filter (where r.outcome = 'not_met'))
        from ${reviews} r where r.company_id = ${companies.id} and r.hidden_at is null)`,
      })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.userId))
      .where(eq(companies.slug, slug)),
  );
}

/** A listed provider at this address (the directory's rule): whom a client may invite (decision 172). */
export async function findListedProvider(db: Db, slug: string) {
  return firstRow(
    db
      .select({ id: companies.id, name: companies.name, slug: companies.slug })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.userId))
      .where(and(eq(companies.slug, slug), listed)),
  );
}

/** Who may read a provider's reviews: the same facts as the profile's, without the rest. */
export async function findProfileAccess(db: Db, slug: string) {
  return firstRow(
    db
      .select({
        userId: companies.userId,
        status: companies.status,
        ownerInGoodStanding: sql<boolean>`(${ownerInGoodStanding})`,
      })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.userId))
      .where(eq(companies.slug, slug)),
  );
}

/**
 * A page of the visible reviews of the provider at this address, newest first (keyset on id), with
 * the reviewer's name and the request's industry. Found by the slug, so it runs beside the profile's
 * statement instead of after it.
 */
export function listVisibleReviews(db: Db, slug: string, before: number | null, limit: number) {
  return db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      outcome: reviews.outcome,
      hoursSavedPerYear: reviews.hoursSavedPerYear,
      estimatedHoursPerYear: reviews.estimatedHoursPerYear,
      replyBody: reviews.replyBody,
      repliedAt: reviews.repliedAt,
      createdAt: reviews.createdAt,
      industry: quoteRequests.industry,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(reviews)
    .innerJoin(companies, eq(companies.id, reviews.companyId))
    .innerJoin(users, eq(users.id, reviews.clientId))
    .innerJoin(quoteRequests, eq(quoteRequests.id, reviews.quoteRequestId))
    .where(
      and(
        eq(companies.slug, slug),
        isNull(reviews.hiddenAt),
        before === null ? undefined : sql`${reviews.id} < ${before}::integer`,
      ),
    )
    .orderBy(desc(reviews.id))
    .limit(limit);
}
export type VisibleReviewRow = Awaited<ReturnType<typeof listVisibleReviews>>[number];

/** Every listed provider's address and when its company last changed, for the sitemap (newest first, capped). */
export function listedProfilesForSitemap(db: Db, limit: number) {
  return db
    .select({ slug: companies.slug, updatedAt: companies.updatedAt })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .where(listed)
    .orderBy(desc(companies.updatedAt), desc(companies.id))
    .limit(limit);
}
