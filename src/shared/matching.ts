import type { LeadDeclineReason } from "./leads";
import { formatRating, RATING_MAX, RATING_MIN } from "./reviews";
import { PROVIDER_SPECIALTIES, type ProviderSpecialty } from "./specialties";

// Matching: how a quote request is scored against an eligible provider. Pure functions over plain
// data, so that the rules can be read and tested here; docs/decisions/050-matching-score.md says why.

/** The provider specialties of spec section 3 (owned by specialties.ts, one list for the whole product). */
export const SPECIALTIES = PROVIDER_SPECIALTIES;
export type Specialty = ProviderSpecialty;

/**
 * What each answer of the wizard asks of a provider. A reader can check every row; an answer that
 * says nothing about skills (Other, Not sure) maps to nothing.
 */
export const SPECIALTY_MAP: {
  goals: Record<string, Specialty[]>;
  systems: Record<string, Specialty[]>;
  systemTypes: Record<string, Specialty[]>;
  triggerType: Record<string, Specialty[]>;
} = {
  goals: {
    "Save time": ["RPA", "Workflow Automation"],
    "Reduce errors": ["RPA", "AI/Machine Learning", "Data Analytics"],
    "Cut costs": ["RPA", "Workflow Automation", "Cloud Automation"],
    "Improve compliance": ["Workflow Automation", "Business Intelligence"],
    "Scale operations": ["Cloud Automation", "System Integration", "API Development"],
    Other: [],
  },
  systems: {
    Excel: ["RPA", "Data Analytics"],
    SAP: ["System Integration", "RPA"],
    Salesforce: ["System Integration", "API Development"],
    Outlook: ["Workflow Automation", "RPA"],
    Browser: ["RPA"],
    "Internal App": ["Custom Development", "API Development"],
    QuickBooks: ["System Integration", "API Development"],
    Oracle: ["System Integration", "Business Intelligence"],
    ServiceNow: ["Workflow Automation", "System Integration"],
    Other: ["Custom Development"],
  },
  systemTypes: {
    "Web app": ["RPA", "API Development"],
    "Desktop app": ["RPA"],
    Mainframe: ["RPA", "System Integration"],
    "Cloud service": ["Cloud Automation", "API Development"],
    Database: ["Data Analytics", "System Integration"],
    "Not sure": [],
  },
  triggerType: {
    manual: ["RPA"],
    event: ["System Integration", "API Development", "Workflow Automation"],
    scheduled: ["Workflow Automation", "Cloud Automation"],
  },
};

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The most each part can add; they sum to 100. */
export const WEIGHTS = {
  specialty: 40,
  location: 10,
  budget: 10,
  industryWins: 15,
  load: 15,
  responsiveness: 10,
} as const;
/**
 * The six weighted parts add points; two adjustments beside them move the sum: the clients' ratings
 * (`reviews`, up or down) and the decline penalty (`declines`, only down). `preferences` carries no
 * points: which of the provider's lead preferences let the request through (decision 171); nor does
 * `invited`: the client asked this provider from its profile (decision 172).
 */
export type ScorePart = keyof typeof WEIGHTS | "reviews" | "declines" | "preferences" | "invited";
/** The parts shown as points gained or lost rather than as a share of a weight. */
export const ADJUSTMENT_PARTS = ["reviews", "declines"] as const satisfies readonly ScorePart[];

/**
 * What clients who hired the provider think of it (decision 142): its visible reviews' average against
 * the middle of the scale, `REVIEW_NEUTRAL_RATING` 0 points, 5 stars `+REVIEW_POINTS_MAX`, 1 star
 * `-REVIEW_POINTS_MAX`; the full amount from `REVIEWS_FOR_FULL_WEIGHT` reviews, a share of it before
 * (one client's view is a weak signal, whether glowing or harsh). No reviews: no part, no points.
 */
export const REVIEW_POINTS_MAX = 5;
export const REVIEW_NEUTRAL_RATING = (RATING_MIN + RATING_MAX) / 2;
export const REVIEWS_FOR_FULL_WEIGHT = 3;

/** The points (-5 to +5, one decimal) that `reviewCount` visible reviews summing to `ratingSum` give. */
export function reviewPoints(reviewCount: number, ratingSum: number): number {
  if (reviewCount <= 0) return 0;
  const average = ratingSum / reviewCount;
  const weight = Math.min(reviewCount, REVIEWS_FOR_FULL_WEIGHT) / REVIEWS_FOR_FULL_WEIGHT;
  return round1(
    ((average - REVIEW_NEUTRAL_RATING) / (RATING_MAX - REVIEW_NEUTRAL_RATING)) * REVIEW_POINTS_MAX * weight,
  );
}

/**
 * A provider who keeps turning down a kind of work (the request's industry) ranks lower for it
 * (decision 132): declines in the last `DECLINE_WINDOW_DAYS`, the first `DECLINES_FORGIVEN` free, then
 * `DECLINE_PENALTY_POINTS` each, at most `DECLINE_PENALTY_MAX`. "No capacity" is not counted: it says
 * the provider was busy, not that the work does not suit it (the load part already weighs busyness).
 */
export const DECLINE_WINDOW_DAYS = 90;
export const DECLINES_FORGIVEN = 1;
export const DECLINE_PENALTY_POINTS = 5;
export const DECLINE_PENALTY_MAX = 15;
export const PENALISED_DECLINE_REASONS = [
  "not_fit",
  "too_small",
  "other",
] as const satisfies readonly LeadDeclineReason[];

/** The points (zero or negative) that `declines` declines of the request's industry cost. */
export function declinePenalty(declines: number): number {
  const cost = Math.min(DECLINE_PENALTY_MAX, Math.max(0, declines - DECLINES_FORGIVEN) * DECLINE_PENALTY_POINTS);
  return cost === 0 ? 0 : -cost;
}

/** Leads in the last 7 days at which the load part reaches zero. */
export const LOAD_CEILING = 10;
/** Wins in the client's industry at which that part is full. */
export const WINS_CEILING = 3;
/** Leads a provider must have had before its answer rate counts; below it the part is neutral. */
export const RESPONSIVENESS_MIN_LEADS = 3;

export type CompanySize = "startup" | "small" | "medium" | "large" | "enterprise";

export type RequestProfile = {
  industry: string;
  goals: string[];
  systems: string[];
  systemTypes: string[];
  triggerType: string;
  /** The wizard's budget ('<$5k' … '$50k+') or 'Not specified'. */
  budget: string;
  locationPreference: string;
};

export type ProviderProfile = {
  companyId: number;
  specialties: string[];
  country: string | null;
  size: CompanySize | string;
  /** Accepted quotes on requests of the request's industry. */
  winsInIndustry: number;
  /** Leads delivered in the last 7 days. */
  leadsLast7Days: number;
  /** All leads ever delivered, and those the provider answered with a quote. */
  leadsTotal: number;
  leadsAnswered: number;
  /** Leads of the request's industry the provider declined in the last 90 days, "no capacity" aside. */
  declinesInIndustry: number;
  /** The provider's visible reviews (hidden ones left out) and the sum of their ratings (1-5 each). */
  reviewCount: number;
  ratingSum: number;
};

export type ScoreBreakdown = { part: ScorePart; points: number; max: number; reason: string }[];
export type ScoredProvider = { companyId: number; score: number; parts: ScoreBreakdown };

/** How much each specialty is asked for by the request: one per mention in the map. */
export function specialtyDemand(req: Pick<RequestProfile, "goals" | "systems" | "systemTypes" | "triggerType">) {
  const demand = new Map<Specialty, number>();
  const add = (list: Specialty[] | undefined) => {
    for (const s of list ?? []) demand.set(s, (demand.get(s) ?? 0) + 1);
  };
  for (const g of req.goals) add(SPECIALTY_MAP.goals[g]);
  for (const s of req.systems) add(SPECIALTY_MAP.systems[s]);
  for (const t of req.systemTypes) add(SPECIALTY_MAP.systemTypes[t]);
  add(SPECIALTY_MAP.triggerType[req.triggerType]);
  return demand;
}

// Budget buckets against company size: a small shop suits a small project, a large firm a large one.
export const BUDGET_SIZE_FIT: Record<string, Record<CompanySize, number>> = {
  "<$5k": { startup: 1, small: 1, medium: 0.6, large: 0.3, enterprise: 0.1 },
  "$5k-$15k": { startup: 1, small: 1, medium: 0.8, large: 0.5, enterprise: 0.3 },
  "$15k-$30k": { startup: 0.8, small: 1, medium: 1, large: 0.8, enterprise: 0.6 },
  "$30k-$50k": { startup: 0.6, small: 0.8, medium: 1, large: 1, enterprise: 0.8 },
  "$50k+": { startup: 0.3, small: 0.6, medium: 0.9, large: 1, enterprise: 1 },
};
export const UNKNOWN_BUDGET_FIT = 0.7;

/** US-only requests go to US providers only; everything else is open to all. */
export function passesLocation(req: Pick<RequestProfile, "locationPreference">, p: Pick<ProviderProfile, "country">) {
  return req.locationPreference !== "us-only" || p.country?.toUpperCase() === "US";
}

/** What scoring needs from a request, worked out once per request rather than once per provider. */
export type PreparedRequest = {
  req: RequestProfile;
  demand: Map<Specialty, number>;
  totalDemand: number;
  budgetFit: Record<CompanySize, number> | undefined;
};

export function prepareRequest(req: RequestProfile): PreparedRequest {
  const demand = specialtyDemand(req);
  return {
    req,
    demand,
    totalDemand: [...demand.values()].reduce((a, b) => a + b, 0),
    budgetFit: BUDGET_SIZE_FIT[req.budget],
  };
}

type Shares = Record<keyof typeof WEIGHTS, number>;
type Weighted = keyof typeof WEIGHTS;
const WEIGHTED = Object.keys(WEIGHTS) as Weighted[];

/** Each part as a share from 0 to 1 of its weight. The hot path: no strings, no allocations per specialty. */
function shares(pr: PreparedRequest, p: ProviderProfile): Shares {
  let covered = 0;
  for (const s of p.specialties) covered += pr.demand.get(s as Specialty) ?? 0;
  const hasHistory = p.leadsTotal >= RESPONSIVENESS_MIN_LEADS;
  return {
    specialty: pr.totalDemand === 0 ? 0.5 : covered / pr.totalDemand,
    location: 1,
    budget: pr.budgetFit?.[p.size as CompanySize] ?? UNKNOWN_BUDGET_FIT,
    industryWins: Math.min(p.winsInIndustry, WINS_CEILING) / WINS_CEILING,
    load: Math.max(0, 1 - p.leadsLast7Days / LOAD_CEILING),
    responsiveness: hasHistory ? p.leadsAnswered / p.leadsTotal : 0.5,
  };
}

/**
 * The parts' points summed in their order, then the ratings, the decline penalty last; rounded and kept
 * within 0-100. The database's pre-ranking (features/matching/queries.ts) adds them in the same order.
 */
function total(sh: Shares, p: ProviderProfile): number {
  let sum = 0;
  for (const part of WEIGHTED) sum += round1(WEIGHTS[part] * sh[part]);
  sum += reviewPoints(p.reviewCount, p.ratingSum);
  sum += declinePenalty(p.declinesInIndustry);
  return Math.min(100, Math.max(0, Math.round(sum)));
}

/** The score alone, without its reasons: what the candidate search bounds groups of providers by (decision 181). */
export const scoreOnly = (pr: PreparedRequest, p: ProviderProfile): number => total(shares(pr, p), p);

function explain(pr: PreparedRequest, p: ProviderProfile, sh: Shares): ScoreBreakdown {
  const { req } = pr;
  const matched = [...pr.demand.keys()].filter((s) => p.specialties.includes(s)).sort();
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const reasons: Record<Weighted, string> = {
    specialty:
      pr.totalDemand === 0
        ? "The request names no specific skills"
        : matched.length === 0
          ? "None of your specialties match this request"
          : `Your ${matched.join(", ")} ${matched.length === 1 ? "skill matches" : "skills match"} this request`,
    location:
      req.locationPreference === "us-only"
        ? "The client wants a US provider, and you are in the US"
        : "The client works with providers anywhere",
    budget:
      pr.budgetFit === undefined
        ? "The client did not give a budget"
        : `A ${req.budget} budget ${sh.budget >= 0.8 ? "suits" : sh.budget >= 0.5 ? "partly suits" : "is a weak fit for"} a company of your size`,
    industryWins:
      p.winsInIndustry === 0
        ? `No projects won in ${req.industry} yet`
        : `${plural(p.winsInIndustry, "project", "projects")} won in ${req.industry}`,
    load: `${plural(p.leadsLast7Days, "lead", "leads")} received in the last 7 days (fewer recent leads rank higher, to spread leads fairly)`,
    responsiveness:
      p.leadsTotal >= RESPONSIVENESS_MIN_LEADS
        ? `You answered ${Math.round(sh.responsiveness * 100)}% of your leads`
        : "Not enough leads yet to measure your answer rate",
  };
  const parts: ScoreBreakdown = WEIGHTED.map((part) => ({
    part,
    points: round1(WEIGHTS[part] * sh[part]),
    max: WEIGHTS[part],
    reason: reasons[part],
  }));
  if (p.reviewCount > 0) {
    const points = reviewPoints(p.reviewCount, p.ratingSum);
    const rated = `Rated ${formatRating(p.ratingSum / p.reviewCount)} from ${plural(p.reviewCount, "review", "reviews")} by clients who hired you`;
    const signed = points > 0 ? `+${points} points` : points < 0 ? `\u2212${-points} points` : "no points";
    const partial =
      p.reviewCount < REVIEWS_FOR_FULL_WEIGHT ? ` (ratings count in full from ${REVIEWS_FOR_FULL_WEIGHT} reviews)` : "";
    parts.push({ part: "reviews", points, max: REVIEW_POINTS_MAX, reason: `${rated}: ${signed}${partial}` });
  }
  // Shown once the provider has declined such work at all, so that the rule is known before it costs.
  if (p.declinesInIndustry > 0) {
    const points = declinePenalty(p.declinesInIndustry);
    const declined = `You declined ${plural(p.declinesInIndustry, `${req.industry} request`, `${req.industry} requests`)} in the last ${DECLINE_WINDOW_DAYS} days`;
    parts.push({
      part: "declines",
      points,
      max: 0,
      reason:
        points < 0
          ? `${declined} (−${-points} points): requests of a kind you often turn down rank you lower`
          : `${declined}; from the ${ordinal(DECLINES_FORGIVEN + 1)}, requests of that kind rank you lower ("No capacity" does not count)`,
    });
  }
  return parts;
}

const ordinal = (n: number) => (n === 2 ? "second" : n === 3 ? "third" : `${n}th`);

export function scoreProvider(req: RequestProfile | PreparedRequest, p: ProviderProfile): ScoredProvider {
  const pr = "demand" in req ? req : prepareRequest(req);
  const sh = shares(pr, p);
  return { companyId: p.companyId, score: total(sh, p), parts: explain(pr, p, sh) };
}

/**
 * The best `count` providers for a request. Providers failing the location rule never score.
 * Ties: fewer leads in the last 7 days first (fairness), then the lower company id (the older one),
 * so that the same inputs always pick the same providers.
 */
export function rankProviders(req: RequestProfile, providers: ProviderProfile[], count: number): ScoredProvider[] {
  const pr = prepareRequest(req);
  const better = (a: { score: number; p: ProviderProfile }, b: { score: number; p: ProviderProfile }) =>
    b.score - a.score || a.p.leadsLast7Days - b.p.leadsLast7Days || a.p.companyId - b.p.companyId;
  // Keep only the best `count` while scanning: no sort of the whole list.
  const best: { score: number; p: ProviderProfile; sh: Shares }[] = [];
  for (const p of providers) {
    if (!passesLocation(req, p)) continue;
    const sh = shares(pr, p);
    const entry = { score: total(sh, p), p, sh };
    if (best.length < count) {
      best.push(entry);
      best.sort(better);
    } else if (count > 0 && better(entry, best[best.length - 1] as (typeof best)[number]) < 0) {
      best[best.length - 1] = entry;
      best.sort(better);
    }
  }
  return best.map((b) => ({ companyId: b.p.companyId, score: b.score, parts: explain(pr, b.p, b.sh) }));
}
