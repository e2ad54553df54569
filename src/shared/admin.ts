// The admin portal's calls (spec screen 10, sections 6 and 7): what each read answers and what each
// write takes. The spec shows no response shapes; lists answer one page and the cursor of the next.
import { z } from "zod";
import { ALERT_SEVERITIES } from "./alerts";
import { SUBSCRIPTION_STATUSES } from "./billing";
import { COMPANY_STATUSES } from "./companies";
import { countsOf } from "./counts";
import { ID_MAX } from "./ids";
import { labelledOptions } from "./labelled-options";
import { LEAD_DECLINE_REASONS } from "./leads";
import { oneOf, pageOf, pageQuerySchema } from "./paging";
import { pipelineStagesSchema } from "./pipeline";
import { ADMIN_STATUSES } from "./quote-request-status";
import { accountSchema, personContactSchema, personNameSchema, USER_TYPES, userTypeSchema } from "./users";

// ---------------------------------------------------------------------------------------------
// Lists: keyset pages (newest first), "Load more" asks for the next one with the cursor it got.
// ---------------------------------------------------------------------------------------------

export const ADMIN_SEARCH_MAX = 200;

/** Search text; blank is the same as none. */
const searchSchema = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX, `Search for at most ${ADMIN_SEARCH_MAX} characters.`)
  .transform((s) => (s === "" ? undefined : s));

export { pageQuerySchema };

/** A list's query: the page, one filter that takes one of `values`, and the search text `q`. */
function searchableListQuery<const F extends string, const T extends readonly [string, ...string[]]>(
  filter: F,
  values: T,
) {
  const filterSchema = oneOf(filter, values).optional();
  const filterShape = { [filter]: filterSchema } as { [K in F]: typeof filterSchema };
  return pageQuerySchema.extend({ ...filterShape, q: searchSchema.optional() });
}

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ message: "The id must be a number." })
    .int("The id must be a whole number.")
    .positive("The id must be a positive number.")
    // A larger number names no row, and the database would refuse it as an integer.
    .max(ID_MAX, "The id is too large: no record has it."),
});

// ---------------------------------------------------------------------------------------------
// Overview: GET /api/admin/stats
// ---------------------------------------------------------------------------------------------

/** Revenue from the billing records: a paying (active) subscription brings the plan's price this month. */
export const revenueSchema = z.object({
  thisMonthCents: z.number().int(),
  activeSubscriptions: z.number().int(),
  trialingSubscriptions: z.number().int(),
  /** True when some of it comes from the built-in demo billing, which charges nobody: shown labelled. */
  includesDemo: z.boolean(),
});
export type Revenue = z.infer<typeof revenueSchema>;

const newCountsSchema = countsOf(["clients", "providers", "requests"]);

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalClients: z.number().int(),
  totalProviders: z.number().int(),
  totalAdmins: z.number().int(),
  totalRequests: z.number().int(),
  totalQuotes: z.number().int(),
  newThisMonth: newCountsSchema,
  requestsByStatus: countsOf(ADMIN_STATUSES),
  pendingProviders: z.number().int(),
  unresolvedAlerts: z.number().int(),
  revenue: revenueSchema,
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Analytics: GET /api/admin/analytics?period=
// ---------------------------------------------------------------------------------------------

export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const { values: ANALYTICS_PERIODS, labels: ANALYTICS_PERIOD_LABELS } = labelledOptions({
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "12m": "Last 12 months",
});
export const analyticsQuerySchema = z.object({
  period: oneOf("period", ANALYTICS_PERIODS).optional(),
});

export const adminAnalyticsSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  /** New in the last 7 days and in the current calendar month (UTC). */
  newThisWeek: newCountsSchema,
  newThisMonth: newCountsSchema,
  /** Quotes sent (not withdrawn) over requests submitted in the period, as a whole percent. */
  conversion: z.object({ quotes: z.number().int(), requests: z.number().int(), percent: z.number().int() }),
  /** Lead delivered → its first quote, averaged over the leads quoted in the period; null: none. */
  avgResponseHours: z.number().nullable(),
  revenue: revenueSchema,
  /** Month over month (this calendar month so far against the whole of last month), percent; null: none last month. */
  growth: z.object({
    clients: z.number().nullable(),
    providers: z.number().nullable(),
    requests: z.number().nullable(),
  }),
  /** The leads delivered in the last 30 days, counted in every stage they reached (decision 133). */
  pipeline: pipelineStagesSchema,
  /** Of the leads delivered in the period: how many providers declined, why, and who declined most. */
  declines: z.object({
    leads: z.number().int(),
    declined: z.number().int(),
    /** declined / leads, as a whole percent; 0 with no leads. */
    percent: z.number().int(),
    byReason: z.array(z.object({ reason: z.enum(LEAD_DECLINE_REASONS), count: z.number().int() })),
    /** The providers who declined most (at most 5), with the leads they received in the period. */
    topProviders: z.array(
      z.object({ companyId: z.number().int(), name: z.string(), declined: z.number().int(), leads: z.number().int() }),
    ),
    /** The latest declines that came with a note (at most 5): the reasons in the providers' words. */
    recentNotes: z.array(
      z.object({
        leadId: z.number().int(),
        name: z.string(),
        reason: z.enum(LEAD_DECLINE_REASONS),
        note: z.string(),
        requestTitle: z.string(),
        declinedAt: z.string(),
      }),
    ),
  }),
  /** One bucket per day (7d, 30d), week (90d) or month (12m), oldest first. */
  series: z.array(
    z.object({
      /** ISO date of the bucket's first day. */
      start: z.string(),
      clients: z.number().int(),
      providers: z.number().int(),
      requests: z.number().int(),
      quotes: z.number().int(),
    }),
  ),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

// ---------------------------------------------------------------------------------------------
// Requests: GET /api/admin/requests, PATCH /api/admin/requests/{id}/status
// ---------------------------------------------------------------------------------------------

export const adminStatusSchema = oneOf("status", ADMIN_STATUSES);

/** `q`: part of the title or of the client's email. */
export const adminRequestsQuerySchema = searchableListQuery("status", ADMIN_STATUSES);
export type AdminRequestsQuery = z.infer<typeof adminRequestsQuerySchema>;

export const adminRequestSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  industry: z.string(),
  budgetRange: z.string(),
  /** In the admin vocabulary (DESIGN.md: pending = open, active = matched, completed = closed). */
  status: z.enum(ADMIN_STATUSES),
  createdAt: z.string(),
  matchDueAt: z.string(),
  client: personContactSchema,
  leadsCount: z.number().int(),
  quotesCount: z.number().int(),
});
export type AdminRequest = z.infer<typeof adminRequestSchema>;
export const adminRequestsPageSchema = pageOf(adminRequestSchema);

export const setRequestStatusSchema = z.object({ status: adminStatusSchema });

// ---------------------------------------------------------------------------------------------
// Users: GET /api/admin/users, PATCH /api/admin/users/{id}/role
// ---------------------------------------------------------------------------------------------

/** `q`: part of the email or of the name. */
export const adminUsersQuerySchema = searchableListQuery("userType", USER_TYPES);
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = accountSchema.extend({
  company: z.object({ id: z.number().int(), name: z.string(), status: z.enum(COMPANY_STATUSES) }).nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** Set while an admin has suspended the account (issue 16, decision 135). */
  suspendedAt: z.string().nullable().optional(),
  suspendedReason: z.string().nullable().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersPageSchema = pageOf(adminUserSchema);

export const setUserRoleSchema = z.object({
  userType: oneOf("userType", USER_TYPES),
});

// ---------------------------------------------------------------------------------------------
// Providers: GET /api/admin/providers (every company; pending ones also at /api/admin/pending-providers)
// ---------------------------------------------------------------------------------------------

/** `q`: part of the company name or of the owner's email. */
export const adminProvidersQuerySchema = searchableListQuery("status", COMPANY_STATUSES);
export type AdminProvidersQuery = z.infer<typeof adminProvidersQuerySchema>;

export const adminProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  industry: z.string(),
  location: z.string(),
  country: z.string().nullable(),
  specialties: z.array(z.string()),
  status: z.enum(COMPANY_STATUSES),
  createdAt: z.string(),
  owner: personContactSchema.extend({ userType: userTypeSchema }),
  subscription: z.object({ status: z.enum(SUBSCRIPTION_STATUSES), demo: z.boolean() }).nullable(),
  leadsCount: z.number().int(),
  quotesCount: z.number().int(),
  wonCount: z.number().int(),
});
export type AdminProvider = z.infer<typeof adminProviderSchema>;
export const adminProvidersPageSchema = pageOf(adminProviderSchema);

// ---------------------------------------------------------------------------------------------
// Alerts: GET /api/admin/alerts, GET /api/admin/alerts/count, PATCH /api/admin/alerts/{id}/resolve
// ---------------------------------------------------------------------------------------------

export const adminAlertsQuerySchema = pageQuerySchema.extend({
  /** "false": unresolved only; "true": resolved only; absent: all, unresolved first. */
  resolved: z.enum(["true", "false"], { message: "resolved must be true or false." }).optional(),
});
export type AdminAlertsQuery = z.infer<typeof adminAlertsQuerySchema>;

export const adminAlertSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  title: z.string(),
  description: z.string(),
  isResolved: z.boolean(),
  createdAt: z.string(),
  resourceType: z.string().nullable(),
  resourceId: z.number().int().nullable(),
  /** Where in the app the resource is (a request's page, the provider in the Providers tab); null: none. */
  resourceLink: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: personNameSchema.nullable(),
});
export type AdminAlert = z.infer<typeof adminAlertSchema>;
export const adminAlertsPageSchema = pageOf(adminAlertSchema);

/** The top bar's admin button: how many alerts wait. */
export const alertCountSchema = z.object({ unresolved: z.number().int() });
export type AlertCount = z.infer<typeof alertCountSchema>;

// ---------------------------------------------------------------------------------------------
// Activity: GET /api/admin/activity-logs
// ---------------------------------------------------------------------------------------------

export const activityEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string(),
  /** JSON text (old and new values) or a plain message (spec section 3). */
  details: z.string().nullable(),
  createdAt: z.string(),
  admin: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityPageSchema = pageOf(activityEntrySchema);
