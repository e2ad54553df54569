// The leads a provider wants (issue 32, decision 171), edited in Settings, "Leads I want". Matching reads
// the same columns (features/matching/queries.ts); a change never touches a lead already delivered.
// Saving asks for a rematch of the open requests short of providers: a wider preference, or the end of
// a pause, may let this provider take some of them now.
import { and, count, eq, gt } from "drizzle-orm";
import {
  capacityWindowStart,
  isoDay,
  isPaused,
  type LeadPreferences,
  type LeadPreferencesInput,
  type LeadPreferencesState,
  leadPreferencesInputSchema,
  leadPreferencesStateSchema,
  PAUSE_DAYS_MAX,
  PREFERENCE_MESSAGES,
} from "@/shared/lead-preferences";
import type { Budget, Industry } from "@/shared/quote-request-options";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { type CompanyRow, companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { FieldError, NotFoundError } from "../../errors";
import { errorResponses } from "../../http/error-responses";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue";
import { NO_COMPANY_MESSAGE } from "./service";

const DAY_MS = 24 * 60 * 60 * 1000;

function preferencesOf(company: CompanyRow): LeadPreferences {
  return {
    // Written only through leadPreferencesInputSchema, so every value is one of the lists.
    industries: company.leadIndustries as Industry[],
    minBudget: company.leadMinBudget as Budget | null,
    countries: company.leadCountries,
    remoteOnly: company.leadRemoteOnly,
    weeklyCapacity: company.leadWeeklyCapacity,
    pausedUntil: company.leadPausedUntil,
  };
}

async function ownCompany(db: Db, userId: number): Promise<CompanyRow> {
  const [company] = await db.select().from(companies).where(eq(companies.userId, userId)).limit(1);
  if (!company) throw new NotFoundError(NO_COMPANY_MESSAGE);
  return company;
}

async function stateOf(db: Db, company: CompanyRow, now: Date): Promise<LeadPreferencesState> {
  const [row] = await db
    .select({ recent: count() })
    .from(leads)
    .where(and(eq(leads.companyId, company.id), gt(leads.createdAt, capacityWindowStart(now))));
  const stored = preferencesOf(company);
  const paused = isPaused(stored, isoDay(now));
  // A return date that has come is no pause any more: the form starts without it, and can be saved.
  const prefs = { ...stored, pausedUntil: paused ? stored.pausedUntil : null };
  const leadsLast7Days = Number(row?.recent ?? 0);
  return {
    ...prefs,
    leadsLast7Days,
    paused,
    full: prefs.weeklyCapacity !== null && leadsLast7Days >= prefs.weeklyCapacity,
  };
}

export async function getLeadPreferences(db: Db, now: Clock, userId: number): Promise<LeadPreferencesState> {
  return stateOf(db, await ownCompany(db, userId), now());
}

/** A return date is a day after today (by the app's clock), within PAUSE_DAYS_MAX days. */
function checkReturnDate(pausedUntil: string | null, now: Date): void {
  if (pausedUntil === null) return;
  if (pausedUntil <= isoDay(now)) throw new FieldError("pausedUntil", PREFERENCE_MESSAGES.pausedUntilPast);
  if (pausedUntil > isoDay(new Date(now.getTime() + PAUSE_DAYS_MAX * DAY_MS))) {
    throw new FieldError("pausedUntil", PREFERENCE_MESSAGES.pausedUntilFar);
  }
}

export async function updateLeadPreferences(
  deps: { db: Db; now: Clock; jobs: JobQueue },
  userId: number,
  input: LeadPreferencesInput,
): Promise<LeadPreferencesState> {
  const now = deps.now();
  checkReturnDate(input.pausedUntil, now);
  return deps.db.transaction(async (tx) => {
    const [company] = await tx
      .update(companies)
      .set({
        leadIndustries: input.industries,
        leadMinBudget: input.minBudget,
        leadCountries: input.countries,
        leadRemoteOnly: input.remoteOnly,
        leadWeeklyCapacity: input.weeklyCapacity,
        leadPausedUntil: input.pausedUntil,
        updatedAt: now,
      })
      .where(eq(companies.userId, userId))
      .returning();
    if (!company) throw new NotFoundError(NO_COMPANY_MESSAGE);
    if (company.status === "approved") {
      await deps.jobs.send(JOB_NAMES.rematchOpenRequests, { reason: "lead-preferences" }, { tx });
    }
    return stateOf(tx, company, now);
  });
}

export const leadPreferenceRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    "/api/companies/me/lead-preferences",
    {
      schema: { tags: ["companies"], response: { 200: leadPreferencesStateSchema, ...errorResponses } },
      preValidation: requireRole("provider"),
    },
    async (request) => getLeadPreferences(app.db, deps.now, currentUser(request).id),
  );

  app.put(
    "/api/companies/me/lead-preferences",
    {
      schema: {
        tags: ["companies"],
        body: leadPreferencesInputSchema,
        response: { 200: leadPreferencesStateSchema, ...errorResponses },
      },
      preValidation: requireRole("provider"),
    },
    async (request) => updateLeadPreferences(deps, currentUser(request).id, request.body),
  );
};
