// The authorization matrix (decision 111): every route the app declares × seven callers, each cell
// a real request whose expected status is written below. A route the app declares without a row
// here fails the first test, so a new route cannot ship without saying who may call it.
import { and, eq } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { alerts } from "../db/schema/alerts";
import { leads } from "../db/schema/leads";
import { notifications } from "../db/schema/notifications";
import { raiseAlert } from "../features/alerts/service";
import { startSession } from "../features/auth/service";
import { matchQuoteRequest } from "../features/matching/service";
import { createProvider, type ProviderSetup, quoteRequestBody, type TestProvider } from "../test/fixtures";
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

type Row = Record<Actor, number> & {
  /** The `:id` of the path, made once per route before its cells: a mutating route makes its own. */
  id?: (w: World) => number | Promise<number>;
  /** The body each caller sends: valid for the route, so that the status reflects who is calling. */
  body?: (w: World, who: Actor) => object;
  /** Callers replaced by new users of the same kind on this route, because its success changes them. */
  fresh?: SignedIn[];
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
const QUOTE = {
  amount: 24_000,
  timeline: "6 weeks",
  message: "We would build an unattended bot that reads each invoice and keys it into SAP.",
};
const PASSWORD = "tangerine-Orbit-57-harbour";

// Expected statuses, one row per route. 401: not signed in; 403: a role the route is not for, or a
// provider whose company may not act on leads yet (not approved: DESIGN.md "Providers"); 404: a
// resource the caller may not see (the same answer as one that does not exist). A new route: add
// its row, with `id` and `body` when its path or body needs them.
const MATRIX: Record<string, Row> = {
  // System and public forms
  "GET /healthz": all(200),
  "GET /api/public-config": all(200),
  "POST /api/leads": {
    ...all(201),
    body: () => ({
      name: "Ann Visitor",
      email: uniqueEmail("inquiry"),
      company: "Visitor Ltd",
      processDescription: "We key supplier invoices into SAP by hand.",
    }),
  },
  "POST /api/vendor-applications": {
    ...all(201),
    body: () => ({ name: "Vic Vendor", email: uniqueEmail("vendor"), company: "Vendor Ltd", specialties: ["RPA"] }),
  },
  "POST /api/webhooks/stripe": { ...all(404), body: () => ({ type: "ping" }) },

  // Accounts
  "POST /api/auth/sign-up": {
    ...all(201),
    body: () => ({ firstName: "New", lastName: "Person", email: uniqueEmail("signup"), password: PASSWORD }),
  },
  "POST /api/auth/sign-in": { ...all(200), body: (w) => ({ email: w.member.email, password: w.member.password }) },
  "POST /api/auth/sign-out": all(204),
  "GET /api/auth/user": signedIn(200),
  "GET /api/login": all(302),
  "GET /api/logout": all(302),
  "PATCH /api/auth/profile": { ...signedIn(200), body: () => ({ firstName: "Same", lastName: "Name" }) },
  "POST /api/auth/password": {
    ...signedIn(204),
    body: (w, who) => ({
      currentPassword: who === "anonymous" ? "whatever" : w.users[who].password,
      newPassword: "lantern-Quartz-83-meadow",
    }),
  },
  "GET /api/auth/check/client": only(["client", "otherClient"], 200),
  "GET /api/auth/check/provider": only(["pendingProvider", "provider", "otherProvider"], 200),
  "GET /api/auth/check/admin": only(["admin"], 200),

  // Quote requests
  "POST /api/quote-requests": { ...only(["client", "otherClient"], 201), body: () => quoteRequestBody() },
  "GET /api/quote-requests/me": only(["client", "otherClient"], 200),
  "GET /api/quote-requests/me/summary": only(["client", "otherClient"], 200),
  "GET /api/quote-requests/:id": {
    anonymous: 401,
    client: 200,
    otherClient: 404,
    pendingProvider: 404,
    provider: 200,
    otherProvider: 404,
    admin: 200,
    id: (w) => w.request,
  },
  "POST /api/quote-requests/:id/cancel": {
    ...only(["client"], 200),
    otherClient: 404,
    id: (w) => newRequest(w.users.client),
  },

  // Companies
  "POST /api/companies": {
    ...only(["client", "otherClient", "pendingProvider", "provider", "otherProvider"], 201),
    pendingProvider: 409,
    provider: 409,
    otherProvider: 409,
    body: () => PROFILE,
    fresh: ["client", "otherClient"],
  },
  "GET /api/companies/me": { ...signedIn(200), client: 404, otherClient: 404, admin: 404 },
  "PUT /api/companies/me": { ...signedIn(200), client: 404, otherClient: 404, admin: 404, body: () => PROFILE },

  // Leads
  "GET /api/leads/access": providers(200),
  "GET /api/leads/me": { ...providers(200), pendingProvider: 403 },
  "GET /api/leads/:id": { ...providers(404), pendingProvider: 403, provider: 200, id: (w) => w.lead },
  "POST /api/leads/:id/view": { ...providers(404), pendingProvider: 403, provider: 200, id: (w) => w.lead },
  "GET /api/leads/:id/quote": { ...providers(404), pendingProvider: 403, provider: 200, id: (w) => w.lead },
  "POST /api/leads/:id/quote": {
    ...providers(404),
    pendingProvider: 403,
    provider: 201,
    id: async (w) => leadOf(w.users.provider, await newRequest(w.users.client, true)),
    body: () => QUOTE,
  },

  // Quotes
  "PUT /api/quotes/:id": {
    ...providers(404),
    pendingProvider: 403,
    provider: 200,
    id: (w) => w.quote,
    body: () => QUOTE,
  },
  "POST /api/quotes/:id/withdraw": { ...providers(404), pendingProvider: 403, provider: 200, id: (w) => newQuote(w) },
  "GET /api/quotes/me": providers(200),
  "GET /api/analytics/me": providers(200),
  "GET /api/quote-requests/:id/quotes": { ...only(["client"], 200), otherClient: 404, id: (w) => w.request },
  "POST /api/quotes/:id/accept": { ...only(["client"], 200), otherClient: 404, id: (w) => newQuote(w) },
  "POST /api/quotes/:id/decline": { ...only(["client"], 200), otherClient: 404, id: (w) => newQuote(w) },

  // Billing
  "POST /api/create-subscription": providers(409),
  "GET /api/subscription": providers(200),
  "POST /api/subscription/cancel": {
    ...providers(200),
    fresh: ["pendingProvider", "provider", "otherProvider"],
  },
  "POST /api/subscription/refresh": providers(200),
  "POST /api/subscription/demo/confirm": {
    ...providers(409),
    body: () => ({ clientSecret: "demo_seti_0_secret", cardNumber: "4242424242424242", expiry: "12 / 34", cvc: "123" }),
  },

  // Notifications
  "GET /api/notifications": signedIn(200),
  "POST /api/notifications/:id/read": { ...signedIn(404), client: 200, id: (w) => w.notification },
  "POST /api/notifications/read-all": signedIn(200),
  "GET /api/notifications/preferences": signedIn(200),
  "PUT /api/notifications/preferences": {
    ...signedIn(200),
    body: () => ({ preferences: [{ kind: "quote.received", email: true }] }),
  },

  // Admin
  "GET /api/admin/stats": only(["admin"], 200),
  "GET /api/admin/analytics": only(["admin"], 200),
  "GET /api/admin/requests": only(["admin"], 200),
  "PATCH /api/admin/requests/:id/status": {
    ...only(["admin"], 200),
    id: (w) => newRequest(w.users.client),
    body: () => ({ status: "active" }),
  },
  "GET /api/admin/users": only(["admin"], 200),
  "PATCH /api/admin/users/:id/role": {
    ...only(["admin"], 200),
    id: async () => (await createUser(ctx, "client", "promoted")).id,
    body: () => ({ userType: "admin" }),
  },
  "GET /api/admin/providers": only(["admin"], 200),
  "GET /api/admin/pending-providers": only(["admin"], 200),
  "PATCH /api/admin/providers/:id/approve": { ...only(["admin"], 200), id: () => newPendingCompany() },
  "PATCH /api/admin/providers/:id/reject": {
    ...only(["admin"], 200),
    id: () => newPendingCompany(),
    body: () => ({ reason: "Add two client references." }),
  },
  "GET /api/admin/alerts": only(["admin"], 200),
  "GET /api/admin/alerts/count": only(["admin"], 200),
  "PATCH /api/admin/alerts/:id/resolve": { ...only(["admin"], 200), id: () => newAlert() },
  "GET /api/admin/activity-logs": only(["admin"], 200),
  "GET /api/admin/inquiries": only(["admin"], 200),
  "GET /api/admin/vendor-applications": only(["admin"], 200),
  "GET /api/admin/emails": only(["admin"], 200),
};

/** Everyone gets `status`. */
function all(status: number): Record<Actor, number> {
  return Object.fromEntries(ACTORS.map((a) => [a, status])) as Record<Actor, number>;
}
/** Any signed-in user gets `status`; anonymous 401. */
function signedIn(status: number): Record<Actor, number> {
  return { ...all(status), anonymous: 401 };
}
/** The given callers get `status`, other signed-in users 403, anonymous 401. */
function only(who: SignedIn[], status: number): Record<Actor, number> {
  return { ...signedIn(403), ...Object.fromEntries(who.map((a) => [a, status])) };
}
/** The three providers get `status`. */
function providers(status: number): Record<Actor, number> {
  return only(["pendingProvider", "provider", "otherProvider"], status);
}

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

async function leadOf(provider: TestProvider, requestId: number): Promise<number> {
  const [lead] = await ctx.database.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.companyId, provider.companyId), eq(leads.quoteRequestId, requestId)));
  if (!lead) throw new Error(`no lead of the provider on request ${requestId}`);
  return lead.id;
}

/** A quote of `provider` on a new request of the world's client. */
async function newQuote(w: World): Promise<number> {
  const lead = await leadOf(w.users.provider, await newRequest(w.users.client, true));
  const res = await send(w.users.provider, "POST", `/api/leads/${lead}/quote`, QUOTE);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function newPendingCompany(): Promise<number> {
  return (await createProvider(ctx, { companyStatus: "pending" })).companyId;
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

let addresses = 0;

/**
 * A request as `user` on a session of its own (a cell that signs out, signs in or changes the
 * password ends sessions, and must not end the next cell's), from an address of its own (the limits
 * per address must not turn the next cell away).
 */
async function send(user: TestUser | null, method: string, url: string, payload?: object) {
  const headers: Record<string, string> = {};
  if (user) headers.cookie = `sid=${(await startSession(ctx.deps, user.id)).token}`;
  addresses += 1;
  return ctx.app.inject({
    method: method as "GET",
    url,
    headers,
    remoteAddress: `10.0.${addresses >> 8}.${addresses & 255}`,
    ...(payload === undefined ? {} : { payload }),
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
  const lead = await leadOf(provider, request);
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
    expect(routes.sort()).toEqual(Object.keys(MATRIX).sort());
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

  it.each(Object.keys(MATRIX))("%s", async (route) => {
    const row = MATRIX[route] as Row;
    const [method, path] = route.split(" ") as [string, string];
    const id = row.id ? await row.id(world) : undefined;
    const url = id === undefined ? path : path.replace(":id", String(id));
    const users: Record<SignedIn, TestUser> = { ...world.users };
    for (const who of row.fresh ?? []) users[who] = await newUser(who);
    // Refusals first: a refused cell changes nothing, so the ones that succeed all find the same state.
    const order = [...ACTORS].sort((a, b) => Number(row[a] < 300) - Number(row[b] < 300));
    const actual = {} as Record<Actor, number>;
    for (const who of order) {
      const res = await send(who === "anonymous" ? null : users[who], method, url, row.body?.(world, who));
      actual[who] = res.statusCode;
    }
    const expected = Object.fromEntries(ACTORS.map((a) => [a, row[a]]));
    expect(actual).toEqual(expected);
  });
});
