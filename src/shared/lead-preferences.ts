// The leads a provider wants (issue 32, decision 171): client industries, a minimum budget, the
// clients' countries, remote work only, a weekly capacity and a pause with a return date. Matching
// applies them as hard filters, in the database's pre-ranking and here alike; a lead already delivered
// is never touched by a later change.
import { z } from "zod";
import { COUNTRY_CODES, countryName } from "./countries";
import { labelledOptions } from "./labelled-options";
import { BUDGETS, type Budget, INDUSTRIES, INDUSTRY_LABELS, type Industry } from "./quote-request-options";

export const WEEKLY_CAPACITY_MAX = 500;
/** How far ahead a pause may reach: a longer absence is a closed account, not a holiday. */
export const PAUSE_DAYS_MAX = 366;

export const PREFERENCE_MESSAGES = {
  industries: "Choose industries from the list",
  minBudget: "Choose a budget from the list",
  countries: "Choose countries from the list",
  weeklyCapacity: `Weekly capacity must be a whole number from 1 to ${WEEKLY_CAPACITY_MAX}, or empty for no limit`,
  pausedUntil: "Enter the return date as a date (YYYY-MM-DD)",
  pausedUntilPast: "The return date must be after today",
  pausedUntilFar: `The return date must be within ${PAUSE_DAYS_MAX} days`,
} as const;

const isoDate = z
  .string(PREFERENCE_MESSAGES.pausedUntil)
  .regex(/^\d{4}-\d{2}-\d{2}$/, PREFERENCE_MESSAGES.pausedUntil)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && isoDay(new Date(`${v}T00:00:00Z`)) === v, {
    message: PREFERENCE_MESSAGES.pausedUntil,
  });

/** What a provider sets (PUT /api/companies/me/lead-preferences). Empty lists and null mean "any". */
export const leadPreferencesInputSchema = z.strictObject({
  /** The clients' industries it takes; empty: every industry. */
  industries: z
    .array(z.enum(INDUSTRIES, PREFERENCE_MESSAGES.industries), PREFERENCE_MESSAGES.industries)
    .max(INDUSTRIES.length, PREFERENCE_MESSAGES.industries)
    .refine((v) => new Set(v).size === v.length, PREFERENCE_MESSAGES.industries),
  /** The smallest budget range it takes; null: any. A request without a budget is let through. */
  minBudget: z.enum(BUDGETS, PREFERENCE_MESSAGES.minBudget).nullable(),
  /** The countries of the clients it serves; empty: every country. A client whose country is unknown is let through. */
  countries: z
    .array(
      z.string(PREFERENCE_MESSAGES.countries).refine((v) => COUNTRY_CODES.includes(v), PREFERENCE_MESSAGES.countries),
      PREFERENCE_MESSAGES.countries,
    )
    .max(COUNTRY_CODES.length, PREFERENCE_MESSAGES.countries)
    .refine((v) => new Set(v).size === v.length, PREFERENCE_MESSAGES.countries),
  /** Remote work only: no request whose client needs someone on site. */
  remoteOnly: z.boolean(),
  /** The most new leads in any 7 days; null: no limit. */
  weeklyCapacity: z
    .number(PREFERENCE_MESSAGES.weeklyCapacity)
    .int(PREFERENCE_MESSAGES.weeklyCapacity)
    .min(1, PREFERENCE_MESSAGES.weeklyCapacity)
    .max(WEEKLY_CAPACITY_MAX, PREFERENCE_MESSAGES.weeklyCapacity)
    .nullable(),
  /** On holiday: no new leads before this day (UTC), the first day back; null: not paused. */
  pausedUntil: isoDate.nullable(),
});
export type LeadPreferencesInput = z.infer<typeof leadPreferencesInputSchema>;
export type LeadPreferences = LeadPreferencesInput;

/** What the Settings card reads: the preferences and where the provider stands against them today. */
export const leadPreferencesStateSchema = leadPreferencesInputSchema.extend({
  /** Leads delivered in the last 7 days (what the capacity counts). */
  leadsLast7Days: z.number().int(),
  /** Paused today (the return date not reached yet). */
  paused: z.boolean(),
  /** The weekly capacity reached: no new lead until an older one is 7 days old. */
  full: z.boolean(),
});
export type LeadPreferencesState = z.infer<typeof leadPreferencesStateSchema>;

export const NO_LEAD_PREFERENCES: LeadPreferences = {
  industries: [],
  minBudget: null,
  countries: [],
  remoteOnly: false,
  weeklyCapacity: null,
  pausedUntil: null,
};

/** The preferences a lead can be kept from, in the order the admin's alert and the tests name them. */
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
export const { values: PREFERENCE_KEYS, labels: PREFERENCE_LABELS } = labelledOptions({
  paused: "paused",
  capacity: "weekly capacity reached",
  industry: "industry",
  budget: "minimum budget",
  country: "client's country",
  remoteOnly: "remote work only",
});

/** What of a request the preferences read. */
export type RequestFacts = {
  industry: string;
  /** The budget range, or "Not specified". */
  budget: string;
  /** ISO code of the client's country; null where unknown. */
  country: string | null;
  /** The client needs someone on site. */
  onSite: boolean;
};

/** The capacity counts the leads delivered in the 7 days before this moment: the window's start. */
export function capacityWindowStart(now: Date): Date {
  return new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
}

/** YYYY-MM-DD of a moment, in UTC: the day a pause is compared with. */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function isPaused(prefs: Pick<LeadPreferences, "pausedUntil">, today: string): boolean {
  return prefs.pausedUntil !== null && prefs.pausedUntil > today;
}

const budgetRank = (budget: string) => BUDGETS.indexOf(budget as Budget);

/**
 * The preferences that keep this request from the provider, none when it may receive it. The database's
 * pre-ranking (matching/queries.ts) applies the same rules.
 */
export function preferenceExclusions(
  prefs: LeadPreferences,
  req: RequestFacts,
  at: { today: string; leadsLast7Days: number },
): PreferenceKey[] {
  const out: PreferenceKey[] = [];
  if (isPaused(prefs, at.today)) out.push("paused");
  if (prefs.weeklyCapacity !== null && at.leadsLast7Days >= prefs.weeklyCapacity) out.push("capacity");
  if (prefs.industries.length > 0 && !prefs.industries.includes(req.industry as Industry)) out.push("industry");
  const rank = budgetRank(req.budget);
  if (prefs.minBudget !== null && rank >= 0 && rank < budgetRank(prefs.minBudget)) out.push("budget");
  if (prefs.countries.length > 0 && req.country !== null && !prefs.countries.includes(req.country)) {
    out.push("country");
  }
  if (prefs.remoteOnly && req.onSite) out.push("remoteOnly");
  return out;
}

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * Which of the provider's preferences let this request through, in words, for "Why you got this
 * lead"; null when the provider set none (nothing was filtered).
 */
export function preferenceReasons(
  prefs: LeadPreferences,
  req: RequestFacts,
  at: { leadsLast7Days: number },
): string | null {
  const said: string[] = [];
  if (prefs.industries.length > 0) {
    said.push(`${INDUSTRY_LABELS[req.industry as Industry] ?? req.industry} is one of your industries`);
  }
  if (prefs.minBudget !== null) {
    said.push(
      budgetRank(req.budget) < 0
        ? `the client gave no budget, so your ${prefs.minBudget} minimum did not apply`
        : `its ${req.budget} budget meets your ${prefs.minBudget} minimum`,
    );
  }
  if (prefs.countries.length > 0) {
    said.push(
      req.country === null
        ? "the client did not say where they are, so your countries did not apply"
        : `the client is in ${countryName(req.country)}, one of your countries`,
    );
  }
  if (prefs.remoteOnly) said.push("the work can be done remotely");
  if (prefs.weeklyCapacity !== null) {
    said.push(`it is lead ${at.leadsLast7Days + 1} of the ${prefs.weeklyCapacity} a week you take`);
  }
  if (said.length === 0) return null;
  const text = said.join("; ");
  return `Your lead preferences let it through: ${text}.`;
}

/** "industry (4), paused (2)": the preferences that kept the most providers from a request, most first. */
export function exclusionSummary(counts: Partial<Record<PreferenceKey, number>>): string | null {
  const named = PREFERENCE_KEYS.map((k) => [k, counts[k] ?? 0] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  if (named.length === 0) return null;
  return list(named.map(([k, n]) => `${PREFERENCE_LABELS[k]} (${n})`));
}
