// What a provider edits of its public profile in Settings (issue 17, decision 140): the profile's
// address (slug), the client industries it serves, and its case studies. The public API
// (features/providers) reads the same rows. Only the owner of a company reaches these: every query
// has the owner's company in its `where`.
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { changeUnderReview } from "@/shared/companies";
import { pick } from "@/shared/pick";
import {
  CASE_STUDIES_FULL_MESSAGE,
  CASE_STUDIES_MAX,
  type CaseStudy,
  type CaseStudyInput,
  type PublicProfileInput,
  type PublicProfileSettings,
  SLUG_HELD_MESSAGE,
  SLUG_HOLD_DAYS,
  SLUG_TAKEN_MESSAGE,
} from "@/shared/providers";
import type { Industry } from "@/shared/quote-request-options";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { type CaseStudyRow, caseStudies } from "../../db/schema/case-studies";
import { type CompanyRow, companies, companySlugHolds } from "../../db/schema/companies";
import { users } from "../../db/schema/users";
import { ConflictError, NotFoundError } from "../../errors";
import { lockCompanyIdOf } from "./queries";
import { NO_COMPANY_MESSAGE } from "./service";

export const CASE_STUDY_NOT_FOUND_MESSAGE = "No case study of yours has this id.";

const SLUG_INDEX = "companies_slug_key";

/**
 * The owner's company with whether the owner is suspended (a suspended owner's profile is not public);
 * with `lock`, the company row is locked until the transaction ends.
 */
async function findOwnCompany(
  db: Db,
  userId: number,
  lock = false,
): Promise<{ company: CompanyRow; suspended: boolean }> {
  const query = db
    .select({ company: companies, suspendedAt: users.suspendedAt })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .where(eq(companies.userId, userId));
  const [row] = await (lock ? query.for("update", { of: companies }) : query).limit(1);
  if (!row) throw new NotFoundError(NO_COMPANY_MESSAGE);
  return { company: row.company, suspended: row.suspendedAt !== null };
}

function toSettings(company: CompanyRow, suspended: boolean): PublicProfileSettings {
  return {
    slug: company.slug,
    // Written only through publicProfileInputSchema, so every value is one of INDUSTRIES.
    industriesServed: company.industriesServed as Industry[],
    isPublic: company.status === "approved" && !suspended,
    changeUnderReview: changeUnderReview(company) !== null,
  };
}

export async function getPublicProfileSettings(db: Db, userId: number): Promise<PublicProfileSettings> {
  const { company, suspended } = await findOwnCompany(db, userId);
  return toSettings(company, suspended);
}

/**
 * Changes the slug and/or the industries served. A slug another company holds is refused by the
 * unique index itself (no check-then-write race): 409 with the message the form shows at the field.
 * The old slug is held for the company SLUG_HOLD_DAYS (decision 149): no other company may take it
 * meanwhile, the company itself may take it back. The hold is read after the update, which waits for a
 * company giving the slug up at that moment, so a hold written at the same time is seen.
 */
export async function updatePublicProfile(
  db: Db,
  userId: number,
  input: PublicProfileInput,
): Promise<PublicProfileSettings> {
  try {
    return await db.transaction(async (tx) => {
      const before = await findOwnCompany(tx, userId, true);
      const { id, slug: oldSlug } = before.company;
      const [row] = await tx
        .update(companies)
        .set({
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          ...(input.industriesServed !== undefined ? { industriesServed: input.industriesServed } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(companies.id, id))
        .returning();
      if (!row) throw new NotFoundError(NO_COMPANY_MESSAGE);
      if (row.slug !== oldSlug) {
        const [held] = await tx
          .select({ companyId: companySlugHolds.companyId })
          .from(companySlugHolds)
          .where(
            and(
              eq(companySlugHolds.slug, row.slug),
              ne(companySlugHolds.companyId, id),
              sql`${companySlugHolds.releasedAt} > now() - make_interval(days => ${SLUG_HOLD_DAYS}::integer)`,
            ),
          )
          .limit(1);
        if (held) throw new ConflictError(SLUG_HELD_MESSAGE);
        await tx.delete(companySlugHolds).where(eq(companySlugHolds.slug, row.slug));
        await tx
          .insert(companySlugHolds)
          .values({ slug: oldSlug, companyId: id })
          .onConflictDoUpdate({
            target: companySlugHolds.slug,
            set: { companyId: id, releasedAt: sql`now()` },
          });
      }
      return toSettings(row, before.suspended);
    });
  } catch (err) {
    if (isUniqueViolation(err, SLUG_INDEX)) throw new ConflictError(SLUG_TAKEN_MESSAGE);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Case studies

export function toCaseStudy(row: CaseStudyRow): CaseStudy {
  return {
    ...pick(row, ["id", "title", "problem", "solution", "result", "figures"]),
    industry: row.industry as Industry,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toValues(input: CaseStudyInput) {
  return { ...pick(input, ["title", "industry", "problem", "solution", "result"]), figures: input.figures ?? [] };
}

async function ownCompanyId(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.userId, userId)).limit(1);
  if (!row) throw new NotFoundError(NO_COMPANY_MESSAGE);
  return row.id;
}

/** The owner's case studies in the order they were written (at most CASE_STUDIES_MAX: one page). */
export async function listOwnCaseStudies(db: Db, userId: number): Promise<CaseStudy[]> {
  const companyId = await ownCompanyId(db, userId);
  const rows = await db
    .select()
    .from(caseStudies)
    .where(eq(caseStudies.companyId, companyId))
    .orderBy(asc(caseStudies.id));
  return rows.map(toCaseStudy);
}

/**
 * Adds a case study, at most CASE_STUDIES_MAX a company. The count is read under a lock of the
 * company's row, so that two posts at once cannot both see nine and make eleven.
 */
export async function createCaseStudy(db: Db, userId: number, input: CaseStudyInput): Promise<CaseStudy> {
  return db.transaction(async (tx) => {
    const companyId = await lockCompanyIdOf(tx, userId);
    if (companyId === undefined) throw new NotFoundError(NO_COMPANY_MESSAGE);
    const [held] = await tx.select({ n: count() }).from(caseStudies).where(eq(caseStudies.companyId, companyId));
    if ((held?.n ?? 0) >= CASE_STUDIES_MAX) throw new ConflictError(CASE_STUDIES_FULL_MESSAGE);
    const [row] = await tx
      .insert(caseStudies)
      .values({ ...toValues(input), companyId })
      .returning();
    if (!row) throw new Error("the case study was not written");
    return toCaseStudy(row);
  });
}

/** Replaces a case study of the owner's; another company's answers 404, as one that does not exist. */
export async function updateCaseStudy(db: Db, userId: number, id: number, input: CaseStudyInput): Promise<CaseStudy> {
  const companyId = await ownCompanyId(db, userId);
  const [row] = await db
    .update(caseStudies)
    .set({ ...toValues(input), updatedAt: sql`now()` })
    .where(and(eq(caseStudies.id, id), eq(caseStudies.companyId, companyId)))
    .returning();
  if (!row) throw new NotFoundError(CASE_STUDY_NOT_FOUND_MESSAGE);
  return toCaseStudy(row);
}

export async function deleteCaseStudy(db: Db, userId: number, id: number): Promise<void> {
  const companyId = await ownCompanyId(db, userId);
  const [row] = await db
    .delete(caseStudies)
    .where(and(eq(caseStudies.id, id), eq(caseStudies.companyId, companyId)))
    .returning({ id: caseStudies.id });
  if (!row) throw new NotFoundError(CASE_STUDY_NOT_FOUND_MESSAGE);
}
