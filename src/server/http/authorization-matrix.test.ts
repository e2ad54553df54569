// The authorization matrix (decision 111): every route the app declares × seven callers, each cell
// a real request whose expected status is written below. A route the app declares without a row
// here fails the first test, so a new route cannot ship without saying who may call it.
import { eq } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_TOKEN_SCOPES } from "@/shared/api-tokens";
import { NO_LEAD_PREFERENCES } from "@/shared/lead-preferences";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { alerts } from "../db/schema/alerts";
import { caseStudies } from "../db/schema/case-studies";
import { companies } from "../db/schema/companies";
import { emailOutbox } from "../db/schema/email-outbox";
import { leadMessages, messageReports } from "../db/schema/lead-messages";
import { notifications } from "../db/schema/notifications";
import { users } from "../db/schema/users";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../db/schema/webhooks";
import { raiseAlert } from "../features/alerts/service";
import { createApiToken } from "../features/auth/api-tokens";
import { sessionIdFromToken, startSession } from "../features/auth/service";
import { publicSessionId } from "../features/auth/sessions";
import { matchQuoteRequest } from "../features/matching/service";
import { createProvider, type ProviderSetup, quoteRequestBody, type TestProvider } from "../test/fixtures";
import { leadOf, quoteBody } from "../test/scenarios";
import { createTestContext, createUser, type TestContext, type TestUser, uniqueEmail } from "../test/test-app";

const ACTORS = ["anonymous", "client", "otherClient", "pendingProvider", "provider", "otherProvider", "admin"] as const;
type Actor = (typeof ACTORS)[number];
type SignedIn = Exclude<Actor, "anonymous">;

/**
 * The resources the cells point at. `client` owns `request`; matching delivered its `lead` to
 * `provider` alone (the pending provider is not eligible, `otherProvider` came after), who sent
 * `quote` on it; `notification` is the client's note of that quote.
 */
type World = {
  users: Record<SignedIn, TestUser> & { provider: TestProvider };
  request: number;
  lead: number;
  quote: number;
  notification: number;
  /** An account of no caller's: the sign-in cells sign in to it (the password cells change the callers'). */
  member: TestUser;
};

type Statuses = [number, number, number, number, number, number, number];

type RouteRequest = {
  /** The `:id` of the path, made once per route before its cells: a mutating route makes its own. */
  id?: (w: World) => number | string | Promise<number | string>;
  /** The body each caller sends: valid for the route, so that the status reflects who is calling. */
  body?: (w: World, who: Actor, user: TestUser | null) => object;
  /** Callers replaced by new users of the same kind on this route, because its success changes them. */
  fresh?: SignedIn[];
  /** An answer that streams until the app closes: its status is read from its head. */
  stream?: boolean;
  /** A query string for the path, with its `?`. */
  query?: string;
};

// Routes the app declares that are not the product's API, each with why it has no row.
const NOT_IN_THE_MATRIX: { prefix: string; reason: string }[] = [
  { prefix: "/api/docs", reason: "the OpenAPI description and its viewer (@fastify/swagger-ui): public, static" },
];

const inScope = (route: string) => !NOT_IN_THE_MATRIX.some((x) => route.split(" ")[1]?.startsWith(x.prefix));

const PROFILE = {
  name: "Matrix Automation",
  description: "We automate back-office processes with RPA and integrations, end to end, for mid-size firms.",
  industry: "automation",
  location: "Austin, TX",
  country: "US",
  size: "small",
  specialties: [...PROVIDER_SPECIALTIES],
};
const QUOTE = quoteBody();
const CASE_STUDY = {
  title: "Invoice intake for a distributor",
  industry: "manufacturing",
  problem: "Clerks keyed thousands of supplier invoices into SAP by hand every month.",
  solution: "An unattended bot reads each invoice, checks the order and posts it in SAP.",
  result: "Invoices are posted the day they arrive; clerks handle only the exceptions.",
  figures: [{ label: "Hours saved a month", value: "310" }],
};
const PASSWORD = "tangerine-Orbit-57-harbour";
const REVIEW = {
  rating: 5,
  body: "The invoice bot runs every night and our team stopped keying invoices.",
  outcome: "met",
  hoursSavedPerYear: 900,
};

// The expected status of each cell, one route a line. Columns: anonymous (An), client (Cl), other
// client (OC), pending provider (PP), approved provider (AP), other provider (OP), admin (Ad).
// 401: not signed in; 403: a role the route is not for, or a provider whose company may not act on
// leads yet (not approved: DESIGN.md "Providers"); 404: a resource the caller may not see (the same
// answer as one that does not exist); 409: the caller may, but the state says no. A new route: add
// its line here, and its entry in REQUESTS when its path or body needs one.
// biome-ignore format: a table, its statuses in columns
const MATRIX: Record<string, Statuses> = {
  //                                         An    Cl    OC    PP    AP    OP    Ad
  // System and public forms
  "GET /healthz":                           [200,  200,  200,  200,  200,  200,  200],
  "GET /healthz/live":                      [200,  200,  200,  200,  200,  200,  200],
  "GET /healthz/ready":                     [200,  200,  200,  200,  200,  200,  200],
  // Open outside production without METRICS_TOKEN; the token and production are tested in metrics.test.ts.
  "GET /metrics":                           [200,  200,  200,  200,  200,  200,  200],
  "GET /api/public-config":                 [200,  200,  200,  200,  200,  200,  200],
  "POST /api/leads":                        [201,  201,  201,  201,  201,  201,  201],
  "POST /api/vendor-applications":          [201,  201,  201,  201,  201,  201,  201],
  "POST /api/webhooks/stripe":              [404,  404,  404,  404,  404,  404,  404],

  // Accounts
  "POST /api/auth/sign-up":                 [202,  202,  202,  202,  202,  202,  202],
  "POST /api/auth/verify-email":            [400,  400,  400,  400,  400,  400,  400],
  // Every caller here has confirmed their address already.
  "POST /api/auth/verify-email/resend":     [401,  409,  409,  409,  409,  409,  409],
  "POST /api/auth/email":                   [401,  202,  202,  202,  202,  202,  202],
  "POST /api/auth/sign-in":                 [200,  200,  200,  200,  200,  200,  200],
  "POST /api/auth/sign-out":                [204,  204,  204,  204,  204,  204,  204],
  "GET /api/auth/user":                     [401,  200,  200,  200,  200,  200,  200],
  "GET /api/login":                         [302,  302,  302,  302,  302,  302,  302],
  "GET /api/logout":                        [302,  302,  302,  302,  302,  302,  302],
  // The form of the page a cross-site GET /api/logout answers (decision 148).
  "POST /api/logout":                       [303,  303,  303,  303,  303,  303,  303],
  "PATCH /api/auth/profile":                [401,  200,  200,  200,  200,  200,  200],
  "POST /api/auth/password":                [401,  204,  204,  204,  204,  204,  204],
  "GET /api/auth/check/client":             [401,  200,  200,  403,  403,  403,  403],
  "GET /api/auth/check/provider":           [401,  403,  403,  200,  200,  200,  403],
  "GET /api/auth/check/admin":              [401,  403,  403,  403,  403,  403,  200],
  "GET /api/auth/sessions":                 [401,  200,  200,  200,  200,  200,  200],
  "DELETE /api/auth/sessions/:id":          [401,  204,  404,  404,  404,  404,  404],
  "POST /api/auth/sessions/sign-out-everywhere": [401, 204, 204, 204, 204, 204, 204],
  // Your data: the caller's own, whoever calls (decision 118); the last admin may not leave.
  "GET /api/account/export":                [401,  200,  200,  200,  200,  200,  200],
  "GET /api/account/export.zip":            [401,  200,  200,  200,  200,  200,  200],
  "POST /api/account/delete":               [401,  204,  204,  204,  204,  204,  204],
  // The link in the email is the key, not the session: everyone gets the same answers.
  "POST /api/auth/password-reset/request":  [202,  202,  202,  202,  202,  202,  202],
  "POST /api/auth/password-reset":          [400,  400,  400,  400,  400,  400,  400],

  // Quote requests
  "POST /api/quote-requests":               [401,  201,  201,  403,  403,  403,  403],
  "GET /api/quote-requests/me":             [401,  200,  200,  403,  403,  403,  403],
  "GET /api/quote-requests/me/summary":     [401,  200,  200,  403,  403,  403,  403],
  "GET /api/quote-requests/:id":            [401,  200,  404,  404,  200,  404,  200],
  "POST /api/quote-requests/:id/cancel":    [401,  200,  404,  403,  403,  403,  403],
  "POST /api/quote-requests/:id/files":     [401,  200,  404,  403,  403,  403,  403],
  // Files (decision 176): an upload is its uploader's; a request's file is its parties' and the admins'.
  "POST /api/files":                        [401,  201,  201,  201,  201,  201,  403],
  "GET /api/files/:id":                     [401,  200,  404,  404,  200,  404,  200],
  "DELETE /api/files/:id":                  [401,  204,  404,  404,  404,  404,  403],
  "DELETE /api/admin/files/:id":            [401,  403,  403,  403,  403,  403,  200],

  // Companies
  "POST /api/companies":                    [401,  201,  201,  409,  409,  409,  403],
  "GET /api/companies/me":                  [401,  404,  404,  200,  200,  200,  404],
  "PUT /api/companies/me":                  [401,  404,  404,  200,  200,  200,  404],
  // The public profile's settings and case studies: any provider's own, a pending one's too (decision 140).
  "GET /api/companies/me/public-profile":   [401,  403,  403,  200,  200,  200,  403],
  "PATCH /api/companies/me/public-profile": [401,  403,  403,  200,  200,  200,  403],
  "GET /api/companies/me/case-studies":     [401,  403,  403,  200,  200,  200,  403],
  "POST /api/companies/me/case-studies":    [401,  403,  403,  201,  201,  201,  403],
  "PUT /api/companies/me/case-studies/:id": [401,  403,  403,  404,  200,  404,  403],
  // The leads a provider wants (decision 171): any provider's own, a pending one's too.
  "GET /api/companies/me/lead-preferences":  [401,  403,  403,  200,  200,  200,  403],
  "PUT /api/companies/me/lead-preferences":  [401,  403,  403,  200,  200,  200,  403],
  "DELETE /api/companies/me/case-studies/:id": [401, 403, 403,  404,  204,  404,  403],
  // CSV exports (decision 175): as the lists they export.
  "GET /api/exports/leads.csv":             [401,  403,  403,  403,  200,  200,  403],
  "GET /api/exports/quotes.csv":            [401,  403,  403,  200,  200,  200,  403],
  "GET /api/admin/exports/requests.csv":    [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/exports/users.csv":       [401,  403,  403,  403,  403,  403,  200],
  // Personal API tokens (decision 174): providers' and admins' own, made and revoked from a session only.
  "GET /api/account/tokens":                [401,  403,  403,  200,  200,  200,  200],
  "POST /api/account/tokens":               [401,  403,  403,  201,  201,  201,  201],
  "DELETE /api/account/tokens/:id":         [401,  403,  403,  404,  204,  404,  404],
  // A provider's webhooks (decision 173): any provider's own endpoints, a pending one's too.
  "GET /api/webhooks/endpoints":            [401,  403,  403,  200,  200,  200,  403],
  "POST /api/webhooks/endpoints":           [401,  403,  403,  201,  201,  201,  403],
  "PATCH /api/webhooks/endpoints/:id":      [401,  403,  403,  404,  200,  404,  403],
  "DELETE /api/webhooks/endpoints/:id":     [401,  403,  403,  404,  204,  404,  403],
  "POST /api/webhooks/endpoints/:id/rotate-secret": [401, 403, 403, 404, 200, 404, 403],
  "GET /api/webhooks/endpoints/:id/deliveries": [401, 403, 403, 404, 200, 404, 403],
  "POST /api/webhooks/deliveries/:id/resend": [401, 403,  403,  404,  204,  404,  403],

  // Public directory and profiles (decision 137): the pending provider's profile is its owner's preview only.
  "GET /api/providers":                     [200,  200,  200,  200,  200,  200,  200],
  "GET /api/providers/:slug":               [404,  404,  404,  200,  404,  404,  404],
  "GET /api/providers/:slug/reviews":       [404,  404,  404,  200,  404,  404,  404],

  // Leads
  "GET /api/leads/access":                  [401,  403,  403,  200,  200,  200,  403],
  "GET /api/leads/me":                      [401,  403,  403,  403,  200,  200,  403],
  "GET /api/leads/:id":                     [401,  403,  403,  403,  200,  404,  403],
  "POST /api/leads/:id/view":               [401,  403,  403,  403,  200,  404,  403],
  "POST /api/leads/:id/decline":            [401,  403,  403,  403,  200,  404,  403],
  "GET /api/leads/:id/quote":               [401,  403,  403,  403,  200,  404,  403],
  "POST /api/leads/:id/quote":              [401,  403,  403,  403,  201,  404,  403],

  // Quotes
  "PUT /api/quotes/:id":                    [401,  403,  403,  403,  200,  404,  403],
  "POST /api/quotes/:id/withdraw":          [401,  403,  403,  403,  200,  404,  403],
  "GET /api/quotes/me":                     [401,  403,  403,  200,  200,  200,  403],
  "GET /api/analytics/me":                  [401,  403,  403,  200,  200,  200,  403],
  "GET /api/quote-requests/:id/quotes":     [401,  200,  404,  403,  403,  403,  403],
  "POST /api/quotes/:id/accept":            [401,  200,  404,  403,  403,  403,  403],
  "POST /api/quotes/:id/decline":           [401,  200,  404,  403,  403,  403,  403],

  // Conversations: a thread's two parties only; the pending provider may not act on leads yet (403).
  "GET /api/conversations/unread":          [401,  200,  200,  200,  200,  200,  403],
  "GET /api/conversations/:leadId":         [401,  200,  404,  403,  200,  404,  404],
  "GET /api/conversations/:leadId/messages": [401, 200,  404,  403,  200,  404,  404],
  "POST /api/conversations/:leadId/messages": [401, 201, 404,  403,  201,  404,  404],
  "POST /api/conversations/:leadId/read":   [401,  200,  404,  403,  200,  404,  404],
  "GET /api/quote-requests/:id/conversations": [401, 200, 404, 403,  403,  403,  403],

  // Billing
  "POST /api/create-subscription":          [401,  403,  403,  409,  409,  409,  403],
  "GET /api/subscription":                  [401,  403,  403,  200,  200,  200,  403],
  "POST /api/subscription/cancel":          [401,  403,  403,  200,  200,  200,  403],
  "POST /api/subscription/refresh":         [401,  403,  403,  200,  200,  200,  403],
  "POST /api/subscription/demo/confirm":    [401,  403,  403,  409,  409,  409,  403],

  // Notifications
  "GET /api/notifications":                 [401,  200,  200,  200,  200,  200,  200],
  "POST /api/notifications/:id/read":       [401,  200,  404,  404,  404,  404,  404],
  "POST /api/notifications/read-all":       [401,  200,  200,  200,  200,  200,  200],
  "GET /api/notifications/preferences":     [401,  200,  200,  200,  200,  200,  200],
  "PUT /api/notifications/preferences":     [401,  200,  200,  200,  200,  200,  200],

  // Admin
  "GET /api/admin/stats":                   [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/analytics":               [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/requests":                [401,  403,  403,  403,  403,  403,  200],
  "PATCH /api/admin/requests/:id/status":   [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/users":                   [401,  403,  403,  403,  403,  403,  200],
  "PATCH /api/admin/users/:id/role":        [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/providers":               [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/pending-providers":       [401,  403,  403,  403,  403,  403,  200],
  "PATCH /api/admin/providers/:id/approve": [401,  403,  403,  403,  403,  403,  200],
  "PATCH /api/admin/providers/:id/reject":  [401,  403,  403,  403,  403,  403,  200],
  // Vetting with documents (decision 177): a pending company back to its provider with a note.
  "PATCH /api/admin/providers/:id/request-changes": [401, 403, 403, 403, 403, 403, 200],
  "GET /api/admin/alerts":                  [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/alerts/count":            [401,  403,  403,  403,  403,  403,  200],
  "PATCH /api/admin/alerts/:id/resolve":    [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/activity-logs":           [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/inquiries":               [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/vendor-applications":     [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/emails":                  [401,  403,  403,  403,  403,  403,  200],
  // The System tab (decision 163): an email that is not failed cannot be sent again; no failed job has the id.
  "POST /api/admin/emails/:id/resend":      [401,  403,  403,  403,  403,  403,  409],
  "GET /api/admin/system":                  [401,  403,  403,  403,  403,  403,  200],
  "POST /api/admin/system/jobs/:id/retry":  [401,  403,  403,  403,  403,  403,  404],
  "DELETE /api/admin/system/jobs/:id":      [401,  403,  403,  403,  403,  403,  404],
  "GET /api/admin/message-reports":         [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/message-reports/count":   [401,  403,  403,  403,  403,  403,  200],
  "GET /api/admin/message-reports/:id":     [401,  403,  403,  403,  403,  403,  200],
  "POST /api/admin/message-reports/:id/dismiss": [401, 403, 403, 403, 403, 403, 200],
  "POST /api/admin/messages/:id/hide":      [401,  403,  403,  403,  403,  403,  200],
  "PATCH /api/admin/users/:id/suspend":     [401,  403,  403,  403,  403,  403,  200],
  "PATCH /api/admin/users/:id/reinstate":   [401,  403,  403,  403,  403,  403,  200],

  // Reports of abuse: a party reports the other side's message (the provider wrote this one: 400 for them).
  "POST /api/messages/:id/report":          [401,  201,  404,  404,  400,  404,  403],

  // Reviews (issue 17, decision 141): the hiring client reviews its request's hire, once; the reviewed
  // company's owner replies once; each provider lists its own; the admin lists and hides.
  "GET /api/quote-requests/:id/review":     [401,  200,  404,  403,  403,  403,  403],
  "POST /api/quote-requests/:id/review":    [401,  201,  404,  403,  403,  403,  403],
  "POST /api/reviews/:id/reply":            [401,  403,  403,  404,  200,  404,  403],
  "GET /api/companies/me/reviews":          [401,  403,  403,  200,  200,  200,  403],
  "GET /api/admin/reviews":                 [401,  403,  403,  403,  403,  403,  200],
  "PATCH /api/admin/reviews/:id/hide":      [401,  403,  403,  403,  403,  403,  200],

  // Live updates: every signed-in user's own stream.
  "GET /api/events":                        [401,  200,  200,  200,  200,  200,  200],

  // What search engines crawl (decision 160): public.
  "GET /robots.txt":                        [200,  200,  200,  200,  200,  200,  200],
  "GET /sitemap.xml":                       [200,  200,  200,  200,  200,  200,  200],

  // The local mailbox (decision 159): only outside production without SMTP, as here; whoever reaches
  // the server reads every email, as with a developer's Mailpit.
  "GET /dev/mailbox":                       [200,  200,  200,  200,  200,  200,  200],
  "GET /dev/mailbox/:id":                   [200,  200,  200,  200,  200,  200,  200],
  "GET /dev/mailbox/:id/html":              [200,  200,  200,  200,  200,  200,  200],
};

/** An email of the world's (the quote's notification to the client). */
async function anEmail(): Promise<number> {
  const [row] = await ctx.deps.db.select({ id: emailOutbox.id }).from(emailOutbox).limit(1);
  if (!row) throw new Error("the world wrote no email");
  return row.id;
}

/**
 * The eighth caller (decision 174): an API token of the approved provider's with every provider scope,
 * sent as `Authorization: Bearer`. It reaches these routes, with these answers, and every other route
 * of the table answers it 403: account settings, public routes and the admin's included.
 */
const TOKEN_REACHES: Record<string, number> = {
  "GET /api/leads/me": 200,
  "GET /api/leads/:id": 200,
  "GET /api/leads/:id/quote": 200,
  "GET /api/quotes/me": 200,
  "POST /api/leads/:id/quote": 201,
  "PUT /api/quotes/:id": 200,
  "POST /api/quotes/:id/withdraw": 200,
  "GET /api/conversations/unread": 200,
  "GET /api/conversations/:leadId": 200,
  "GET /api/conversations/:leadId/messages": 200,
  "POST /api/conversations/:leadId/messages": 201,
  "POST /api/conversations/:leadId/read": 200,
  "GET /api/exports/leads.csv": 200,
  "GET /api/exports/quotes.csv": 200,
  // A lead's file with leads:read, a thread's with messages:read (decision 176).
  "GET /api/files/:id": 200,
};

/** A job id no job has. */
const NO_JOB = "00000000-0000-4000-8000-000000000000";

/** What a route's cells send, where the path's `:id` or a body is needed. */
const REQUESTS: Record<string, RouteRequest> = {
  "POST /api/leads": {
    body: () => ({
      name: "Ann Visitor",
      email: uniqueEmail("inquiry"),
      company: "Visitor Ltd",
      processDescription: "We key supplier invoices into SAP by hand.",
    }),
  },
  "POST /api/vendor-applications": {
    body: () => ({ name: "Vic Vendor", email: uniqueEmail("vendor"), company: "Vendor Ltd", specialties: ["RPA"] }),
  },
  // Server to server, signed by Stripe (billing.test.ts); with the demo billing here, it is not configured.
  "POST /api/webhooks/stripe": { body: () => ({ type: "ping" }) },

  "POST /api/auth/sign-up": {
    body: () => ({ firstName: "New", lastName: "Person", email: uniqueEmail("signup"), password: PASSWORD }),
  },
  "POST /api/auth/sign-in": { body: (w) => ({ email: w.member.email, password: w.member.password }) },
  "PATCH /api/auth/profile": { body: () => ({ firstName: "Same", lastName: "Name" }) },
  "POST /api/auth/password-reset/request": { body: (w) => ({ email: w.member.email }) },
  // A link no email ever carried (verification.test.ts uses real ones).
  "POST /api/auth/verify-email": { body: () => ({ token: "not-a-real-link" }) },
  "POST /api/auth/email": {
    body: (_w, _who, user) => ({ email: uniqueEmail("moving"), currentPassword: user?.password ?? "whatever-it-is" }),
  },
  // Each caller deletes an account of its own kind made for this route (the world's users live on).
  "POST /api/account/delete": {
    fresh: ["client", "otherClient", "pendingProvider", "provider", "otherProvider", "admin"],
    body: (_w, _who, user) => ({ password: user?.password ?? "whatever-it-is" }),
  },
  // A session of the client's, signed out by its owner; everyone else gets 404 (no session of theirs).
  "DELETE /api/auth/sessions/:id": { id: (w) => clientSessionId(w) },
  // A link no email ever carried (recovery.test.ts uses real ones).
  "POST /api/auth/password-reset": { body: () => ({ token: "not-a-real-link", password: PASSWORD }) },
  "POST /api/auth/password": {
    body: (w, who) => ({
      currentPassword: who === "anonymous" ? "whatever" : w.users[who].password,
      newPassword: "lantern-Quartz-83-meadow",
    }),
  },

  "POST /api/quote-requests": { body: () => quoteRequestBody() },
  "GET /api/quote-requests/:id": { id: (w) => w.request },
  "POST /api/quote-requests/:id/cancel": { id: (w) => newRequest(w.users.client) },
  "POST /api/quote-requests/:id/files": {
    id: async (w) => {
      clientUpload = await newUpload(w.users.client);
      return newRequest(w.users.client);
    },
    body: () => ({ fileIds: [clientUpload] }),
  },
  "POST /api/files": { query: "?name=process.pdf", body: () => PDF },
  "GET /api/files/:id": { id: (w) => newRequestFile(w) },
  "DELETE /api/files/:id": { id: (w) => newUpload(w.users.client) },
  "DELETE /api/admin/files/:id": { id: (w) => newRequestFile(w), body: () => ({}) },

  // The pending and approved providers have a company already (409); the clients become providers.
  "POST /api/companies": { body: () => PROFILE, fresh: ["client", "otherClient"] },
  "PUT /api/companies/me": { body: () => PROFILE },
  "PATCH /api/companies/me/public-profile": { body: () => ({ industriesServed: ["finance", "retail"] }) },
  "POST /api/companies/me/case-studies": { body: () => CASE_STUDY },
  "PUT /api/companies/me/lead-preferences": { body: () => NO_LEAD_PREFERENCES },
  "POST /api/account/tokens": {
    body: (_w, who) => ({
      name: "matrix",
      scopes: who === "admin" ? ["admin:read"] : ["leads:read"],
      expiresInDays: 30,
    }),
  },
  "DELETE /api/account/tokens/:id": { id: (w) => newToken(w) },
  // A public address written as an IP: the save-time check needs no DNS.
  "POST /api/webhooks/endpoints": { body: () => ({ url: "https://93.184.215.14/hooks", events: ["lead.delivered"] }) },
  "PATCH /api/webhooks/endpoints/:id": { id: (w) => newEndpoint(w), body: () => ({ description: "CRM" }) },
  "DELETE /api/webhooks/endpoints/:id": { id: (w) => newEndpoint(w) },
  "POST /api/webhooks/endpoints/:id/rotate-secret": { id: (w) => newEndpoint(w) },
  "GET /api/webhooks/endpoints/:id/deliveries": { id: (w) => newEndpoint(w) },
  "POST /api/webhooks/deliveries/:id/resend": { id: (w) => newDelivery(w) },
  // A case study of the approved provider's: the other providers may not see it (404).
  "PUT /api/companies/me/case-studies/:id": { id: (w) => newCaseStudy(w), body: () => CASE_STUDY },
  "DELETE /api/companies/me/case-studies/:id": { id: (w) => newCaseStudy(w) },

  "GET /api/providers/:slug": { id: (w) => slugOf(w.users.pendingProvider) },
  "GET /api/providers/:slug/reviews": { id: (w) => slugOf(w.users.pendingProvider) },

  "GET /api/leads/:id": { id: (w) => w.lead },
  "POST /api/leads/:id/view": { id: (w) => w.lead },
  "POST /api/leads/:id/decline": {
    id: async (w) => leadOf(ctx, w.users.provider, await newRequest(w.users.client, true)),
    body: () => ({ reason: "not_fit" }),
  },
  "GET /api/leads/:id/quote": { id: (w) => w.lead },
  "POST /api/leads/:id/quote": {
    id: async (w) => leadOf(ctx, w.users.provider, await newRequest(w.users.client, true)),
    body: () => QUOTE,
  },

  "PUT /api/quotes/:id": { id: (w) => w.quote, body: () => QUOTE },
  "POST /api/quotes/:id/withdraw": { id: (w) => newQuote(w) },
  "GET /api/quote-requests/:id/quotes": { id: (w) => w.request },
  "POST /api/quotes/:id/accept": { id: (w) => newQuote(w) },
  "POST /api/quotes/:id/decline": { id: (w) => newQuote(w) },

  "GET /api/conversations/:leadId": { id: (w) => w.lead },
  "GET /api/conversations/:leadId/messages": { id: (w) => w.lead },
  "POST /api/conversations/:leadId/messages": { id: (w) => w.lead, body: () => ({ body: "Can you start in May?" }) },
  "POST /api/conversations/:leadId/read": { id: (w) => w.lead, body: () => ({}) },
  "GET /api/quote-requests/:id/conversations": { id: (w) => w.request },

  // Every provider's subscription is active already: creating and confirming one are 409.
  "POST /api/subscription/cancel": { fresh: ["pendingProvider", "provider", "otherProvider"] },
  "POST /api/subscription/demo/confirm": {
    body: () => ({ clientSecret: "demo_seti_0_secret", cardNumber: "4242424242424242", expiry: "12 / 34", cvc: "123" }),
  },

  "POST /api/notifications/:id/read": { id: (w) => w.notification },
  "GET /dev/mailbox/:id": { id: anEmail },
  "POST /api/admin/emails/:id/resend": { id: anEmail },
  "POST /api/admin/system/jobs/:id/retry": { id: () => NO_JOB },
  "DELETE /api/admin/system/jobs/:id": { id: () => NO_JOB },
  "GET /dev/mailbox/:id/html": { id: anEmail },
  "PUT /api/notifications/preferences": { body: () => ({ preferences: [{ kind: "quote.received", email: true }] }) },

  "PATCH /api/admin/requests/:id/status": { id: (w) => newRequest(w.users.client), body: () => ({ status: "active" }) },
  "PATCH /api/admin/users/:id/role": {
    id: async () => (await createUser(ctx, "client", "promoted")).id,
    body: () => ({ userType: "admin" }),
  },
  "PATCH /api/admin/providers/:id/approve": { id: () => newPendingCompany() },
  "PATCH /api/admin/providers/:id/reject": {
    id: () => newPendingCompany(),
    body: () => ({ reason: "Add two client references." }),
  },
  "PATCH /api/admin/providers/:id/request-changes": {
    id: () => newPendingCompany(),
    body: () => ({ note: "Attach your certificate of insurance." }),
  },
  "PATCH /api/admin/alerts/:id/resolve": { id: () => newAlert() },
  "GET /api/admin/message-reports/:id": { id: (w) => newReport(w) },
  "POST /api/admin/message-reports/:id/dismiss": { id: (w) => newReport(w), body: () => ({ note: "Not abusive." }) },
  "POST /api/admin/messages/:id/hide": { id: (w) => newMessage(w), body: () => ({ reason: "Insults the client." }) },
  "PATCH /api/admin/users/:id/suspend": {
    id: async () => (await createUser(ctx, "client", "suspended")).id,
    body: () => ({ reason: "Spam in messages." }),
  },
  "PATCH /api/admin/users/:id/reinstate": {
    id: async () => {
      const { id } = await createUser(ctx, "client", "reinstated");
      await ctx.database.db
        .update(users)
        .set({ suspendedAt: new Date(), suspendedReason: "Spam." })
        .where(eq(users.id, id));
      return id;
    },
  },
  "POST /api/messages/:id/report": { id: (w) => newMessage(w), body: () => ({ reason: "spam" }) },

  "GET /api/quote-requests/:id/review": { id: (w) => w.request },
  "POST /api/quote-requests/:id/review": { id: (w) => newHire(w), body: () => REVIEW },
  "POST /api/reviews/:id/reply": { id: (w) => newReview(w), body: () => ({ body: "Thank you for the kind words." }) },
  "PATCH /api/admin/reviews/:id/hide": { id: (w) => newReview(w), body: () => ({ reason: "Names a person." }) },

  "GET /api/events": { stream: true },
};

let ctx: TestContext;
let world: World;
/** "METHOD /path" of every route the app declared, with the options it was declared with. */
const declared = new Map<string, RouteOptions>();

const PROVIDER_KINDS: Record<"pendingProvider" | "provider" | "otherProvider", ProviderSetup> = {
  pendingProvider: { companyStatus: "pending", specialties: [...PROVIDER_SPECIALTIES] },
  provider: { specialties: [...PROVIDER_SPECIALTIES] },
  otherProvider: { specialties: [...PROVIDER_SPECIALTIES] },
};

function newUser(who: SignedIn): Promise<TestUser | TestProvider> {
  // Lower-case names: a name is the start of the user's email address.
  if (who === "client" || who === "otherClient") return createUser(ctx, "client", who.toLowerCase());
  if (who === "admin") return createUser(ctx, "admin");
  return createProvider(ctx, PROVIDER_KINDS[who]);
}

/** A new request of the client; matched, it is a lead of the approved providers (two at most here). */
async function newRequest(client: TestUser, matched = false): Promise<number> {
  const res = await send(client, "POST", "/api/quote-requests", quoteRequestBody());
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().id;
  if (matched) await matchQuoteRequest(ctx.deps, id);
  return id;
}

/** A quote of `provider` on a new request of the world's client. */
async function newQuote(w: World): Promise<number> {
  const lead = await leadOf(ctx, w.users.provider, await newRequest(w.users.client, true));
  const res = await send(w.users.provider, "POST", `/api/leads/${lead}/quote`, QUOTE);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A new request of the world's client on which it hired `provider` (accepted its quote). */
async function newHire(w: World): Promise<number> {
  const quote = await newQuote(w);
  const res = await send(w.users.client, "POST", `/api/quotes/${quote}/accept`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().quoteRequestId;
}

/** The world's client's review of a new hire of `provider`. */
async function newReview(w: World): Promise<number> {
  const res = await send(w.users.client, "POST", `/api/quote-requests/${await newHire(w)}/review`, REVIEW);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** The handle Settings shows for a new session of the client's (GET /api/auth/sessions). */
async function clientSessionId(w: World): Promise<string> {
  const { token } = await startSession(ctx.deps, w.users.client.id, "matrix-device");
  return publicSessionId(sessionIdFromToken(token));
}

/** The public address of a provider's company. */
async function slugOf(provider: TestUser): Promise<string> {
  const [row] = await ctx.database.db
    .select({ slug: companies.slug })
    .from(companies)
    .where(eq(companies.userId, provider.id));
  if (!row) throw new Error("the provider has no company");
  return row.slug;
}

async function newPendingCompany(): Promise<number> {
  return (await createProvider(ctx, { companyStatus: "pending" })).companyId;
}

async function newCaseStudy(w: World): Promise<number> {
  const [row] = await ctx.database.db
    .insert(caseStudies)
    .values({ ...CASE_STUDY, companyId: w.users.provider.companyId })
    .returning({ id: caseStudies.id });
  if (!row) throw new Error("the case study was not written");
  return row.id;
}

/** A new API token of the approved provider's. */
async function newToken(w: World): Promise<number> {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, w.users.provider.id));
  if (!row) throw new Error("the provider is gone");
  return (await createApiToken(ctx.deps, row, { name: "to revoke", scopes: ["leads:read"], expiresInDays: 7 })).id;
}

/** A webhook endpoint of the approved provider's. */
async function newEndpoint(w: World): Promise<number> {
  const [row] = await ctx.database.db
    .insert(webhookEndpoints)
    .values({
      companyId: w.users.provider.companyId,
      url: "https://93.184.215.14/hooks",
      events: ["lead.delivered"],
      secret: "whsec_bWF0cml4",
    })
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new Error("the endpoint was not written");
  return row.id;
}

/** A delivery to a new endpoint of the approved provider's. */
async function newDelivery(w: World): Promise<number> {
  const [event] = await ctx.database.db
    .insert(webhookEvents)
    .values({ companyId: w.users.provider.companyId, type: "lead.delivered", payload: {} })
    .returning({ id: webhookEvents.id });
  if (!event) throw new Error("the event was not written");
  const [row] = await ctx.database.db
    .insert(webhookDeliveries)
    .values({ eventId: event.id, endpointId: await newEndpoint(w), status: "delivered" })
    .returning({ id: webhookDeliveries.id });
  if (!row) throw new Error("the delivery was not written");
  return row.id;
}

async function newAlert(): Promise<number> {
  const cause = `matrix:${uniqueEmail("alert")}`;
  await raiseAlert(ctx.database.db, {
    type: "test_alert",
    severity: "medium",
    title: "Matrix alert",
    description: "Raised by the authorization matrix.",
    resourceType: "quote_request",
    resourceId: 1,
    cause,
  });
  const [alert] = await ctx.database.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.cause, cause));
  if (!alert) throw new Error("the alert was not raised");
  return alert.id;
}

/** A message of the provider's on the world's lead (the conversation API is not needed to write one). */
async function newMessage(w: World): Promise<number> {
  const [row] = await ctx.database.db
    .insert(leadMessages)
    .values({
      leadId: w.lead,
      side: "provider",
      senderId: w.users.provider.id,
      body: "Pay me outside the marketplace.",
    })
    .returning({ id: leadMessages.id });
  if (!row) throw new Error("the message was not written");
  return row.id;
}

const PDF = Buffer.from("%PDF-1.7\n%%EOF\n");
let clientUpload: string;

/** A new upload of `user`'s, not attached to anything. */
async function newUpload(user: TestUser): Promise<string> {
  const res = await send(user, "POST", "/api/files?name=process.pdf", PDF);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** A file of the client's on the world's request (the provider holds its lead, the other provider none). */
async function newRequestFile(w: World): Promise<string> {
  const file = await newUpload(w.users.client);
  const res = await send(w.users.client, "POST", `/api/quote-requests/${w.request}/files`, { fileIds: [file] });
  expect(res.statusCode, res.body).toBe(200);
  return file;
}

/** The client's open report of a new message of the provider's. */
async function newReport(w: World): Promise<number> {
  const [row] = await ctx.database.db
    .insert(messageReports)
    .values({ messageId: await newMessage(w), reporterId: w.users.client.id, reason: "spam" })
    .returning({ id: messageReports.id });
  if (!row) throw new Error("the report was not written");
  return row.id;
}

let addresses = 0;
let providerToken: string;

/**
 * A request as `user` on a session of its own (a cell that signs out, signs in or changes the
 * password ends sessions, and must not end the next cell's), from an address of its own (the limits
 * per address must not turn the next cell away).
 */
async function send(user: TestUser | "token" | null, method: string, url: string, payload?: object, stream = false) {
  const headers: Record<string, string> = {};
  if (user === "token") headers.authorization = `Bearer ${providerToken}`;
  else if (user) headers.cookie = `sid=${(await startSession(ctx.deps, user.id)).token}`;
  addresses += 1;
  return ctx.app.inject({
    method: method as "GET",
    url,
    headers,
    remoteAddress: `10.0.${addresses >> 8}.${addresses & 255}`,
    ...(payload === undefined ? {} : { payload }),
    // The answer comes at its head; the stream stays open until the app closes and ends it.
    ...(stream ? { payloadAsStream: true } : {}),
  });
}

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, route);
      },
    },
  );
  const client = await createUser(ctx, "client", "owner");
  const provider = await createProvider(ctx, PROVIDER_KINDS.provider);
  const pendingProvider = await createProvider(ctx, PROVIDER_KINDS.pendingProvider);
  const request = await newRequest(client, true);
  const lead = await leadOf(ctx, provider, request);
  const quote = await send(provider, "POST", `/api/leads/${lead}/quote`, QUOTE);
  expect(quote.statusCode, quote.body).toBe(201);
  // After the matching: this provider's company holds no lead and no quote of the client's request.
  const otherProvider = await createProvider(ctx, PROVIDER_KINDS.otherProvider);
  const [note] = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, client.id));
  if (!note) throw new Error("the client was not told of the quote");
  world = {
    users: {
      client,
      otherClient: await createUser(ctx, "client", "otherclient"),
      pendingProvider,
      provider,
      otherProvider,
      admin: await createUser(ctx, "admin"),
    },
    request,
    lead,
    quote: quote.json().id,
    notification: note.id,
    member: await createUser(ctx, "client", "member"),
  };
});
afterAll(async () => {
  await ctx?.close();
});

describe("the authorization matrix", () => {
  it("has a row for every route the app declares, and none for a route it does not", () => {
    const routes = [...declared.keys()].filter((r) => !r.startsWith("HEAD ") && inScope(r));
    expect(
      routes.filter((r) => !(r in MATRIX)),
      "routes without a row",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !routes.includes(r)),
      "rows of routes the app does not declare",
    ).toEqual([]);
  });

  it("checks a HEAD route as its GET: Fastify makes each from the GET, with the same preValidation", () => {
    const heads = [...declared].filter(([r]) => r.startsWith("HEAD ") && inScope(r));
    expect(heads.length).toBeGreaterThan(0);
    for (const [head, route] of heads) {
      const get = declared.get(head.replace(/^HEAD /, "GET "));
      expect(get, head).toBeDefined();
      expect(route.preValidation, head).toBe(get?.preValidation);
    }
  });

  it("says what to send only for routes in the table", () => {
    expect(Object.keys(REQUESTS).filter((r) => !(r in MATRIX))).toEqual([]);
  });

  it.each(Object.keys(MATRIX))("%s", async (route) => {
    const statuses = MATRIX[route] as Statuses;
    const expected = Object.fromEntries(ACTORS.map((a, i) => [a, statuses[i]])) as Record<Actor, number>;
    const request = REQUESTS[route] ?? {};
    const [method, path] = route.split(" ") as [string, string];
    const id = request.id ? await request.id(world) : undefined;
    const url = (id === undefined ? path : path.replace(/:\w+/, String(id))) + (request.query ?? "");
    const users: Record<SignedIn, TestUser> = { ...world.users };
    for (const who of request.fresh ?? []) users[who] = await newUser(who);
    // Refusals first: a refused cell changes nothing, so the ones that succeed all find the same state.
    const order = [...ACTORS].sort((a, b) => Number(expected[a] < 300) - Number(expected[b] < 300));
    const actual = {} as Record<Actor, number>;
    for (const who of order) {
      const user = who === "anonymous" ? null : users[who];
      const res = await send(user, method, url, request.body?.(world, who, user), request.stream);
      actual[who] = res.statusCode;
    }
    expect(actual).toEqual(expected);
  });
});

describe("the authorization matrix's eighth caller: an API token with every provider scope", () => {
  // Made after the table's cells: one of them changes the provider's password, which revokes its tokens.
  beforeAll(async () => {
    const [providerRow] = await ctx.database.db.select().from(users).where(eq(users.id, world.users.provider.id));
    if (!providerRow) throw new Error("the provider is gone");
    const made = await createApiToken(ctx.deps, providerRow, {
      name: "matrix",
      scopes: [...PROVIDER_TOKEN_SCOPES],
      expiresInDays: 365,
    });
    providerToken = made.token;
  });

  it("reaches only routes of the table", () => {
    expect(Object.keys(TOKEN_REACHES).filter((r) => !(r in MATRIX))).toEqual([]);
  });

  it.each(Object.keys(MATRIX))("%s", async (route) => {
    const request = REQUESTS[route] ?? {};
    const [method, path] = route.split(" ") as [string, string];
    const reaches = route in TOKEN_REACHES;
    // A route the token reaches acts on a resource of its own, as a fresh cell: the table's cells
    // before it may have used theirs up (a lead already quoted, a quote withdrawn).
    const id = reaches && request.id ? await request.id(world) : request.id ? 1 : undefined;
    const url = (id === undefined ? path : path.replace(/:\w+/, String(id))) + (request.query ?? "");
    const res = await send(
      "token",
      method,
      url,
      request.body?.(world, "provider", world.users.provider),
      request.stream,
    );
    // Off the API (pages, health, metrics) the header means nothing: the token caller is anonymous there.
    const offApi = (MATRIX[route] as Statuses)[0];
    expect(res.statusCode, res.body).toBe(TOKEN_REACHES[route] ?? (path.startsWith("/api/") ? 403 : offApi));
  });
});
