// Personal API tokens (issue 32 part 3, decision 174): made from a session, stored as a hash, sent as
// `Authorization: Bearer`, each scope opening exactly its routes; revoked, expired and suspended tokens
// open nothing; a bearer call never reaches account settings, and no CSRF check applies to it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { API_TOKEN_MESSAGES, type ApiTokenScope, PROVIDER_TOKEN_SCOPES } from "@/shared/api-tokens";
import { apiTokens } from "../../db/schema/api-tokens";
import { users } from "../../db/schema/users";
import { createTopProvider } from "../../test/fixtures";
import { emailsTo } from "../../test/reads";
import { leadOf, matchedRequest, quoteOn } from "../../test/scenarios";
import { sharedTestContext, sharedTopProviders, sharedUsers } from "../../test/shared-context";
import { apiAs, as, createUser, FROM_ANOTHER_SITE, type TestUser } from "../../test/test-app";

const ctx = sharedTestContext();
const [provider] = sharedTopProviders(ctx, 1);
const [client, admin] = sharedUsers(ctx, "client", "admin");
const api = apiAs(ctx).call;

async function newToken(scopes: ApiTokenScope[], who: TestUser = provider, expiresInDays = 30) {
  const res = await api(who, "POST", "/api/account/tokens", {
    name: `Script ${scopes.join(" ")}`,
    scopes,
    expiresInDays,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; token: string; prefix: string };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
function withToken(token: string, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A new lead of the provider's, and one with its quote: what the scoped calls act on. */
async function world() {
  const requestId = await matchedRequest(ctx, client);
  const quoted = await matchedRequest(ctx, client);
  return {
    lead: await leadOf(ctx, provider, requestId),
    quoted: await leadOf(ctx, provider, quoted),
    quote: await quoteOn(ctx, provider, quoted),
  };
}

const QUOTE = { amount: 12_000, timeline: "4 weeks", message: "We would build a bot that keys each invoice into SAP." };

/** Each scope's calls, in an order in which they all succeed on a new world. */
function scopedCalls(w: Awaited<ReturnType<typeof world>>): Record<ApiTokenScope, Array<[Method, string, object?]>> {
  return {
    "leads:read": [
      ["GET", "/api/leads/me"],
      ["GET", `/api/leads/${w.lead}`],
      ["GET", `/api/leads/${w.quoted}/quote`],
      ["GET", "/api/quotes/me"],
      ["GET", "/api/exports/leads.csv"],
      ["GET", "/api/exports/quotes.csv"],
    ],
    "quotes:write": [
      ["POST", `/api/leads/${w.lead}/quote`, QUOTE],
      ["PUT", `/api/quotes/${w.quote}`, { ...QUOTE, amount: 13_000 }],
      ["POST", `/api/quotes/${w.quote}/withdraw`],
    ],
    "messages:read": [
      ["GET", "/api/conversations/unread"],
      ["GET", `/api/conversations/${w.lead}`],
      ["GET", `/api/conversations/${w.lead}/messages`],
    ],
    "messages:write": [
      ["POST", `/api/conversations/${w.lead}/messages`, { body: "Sent from our CRM." }],
      ["POST", `/api/conversations/${w.lead}/read`, {}],
    ],
    "admin:read": [
      ["GET", "/api/admin/exports/requests.csv"],
      ["GET", "/api/admin/exports/users.csv"],
    ],
  };
}

describe("making tokens", () => {
  it("shows the token once and keeps only its hash", async () => {
    const created = await newToken(["leads:read"]);
    expect(created.token).toMatch(/^amt_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(`${created.token.slice(0, 12)}…`);
    const list = (await api(provider, "GET", "/api/account/tokens")).json();
    expect(list.tokens).toContainEqual(
      expect.objectContaining({ id: created.id, prefix: created.prefix, scopes: ["leads:read"], lastUsedAt: null }),
    );
    expect(JSON.stringify(list)).not.toContain(created.token);
    const [row] = await ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The account's data export lists it, and not the token itself.
    const exported = await api(provider, "GET", "/api/account/export");
    expect(exported.json().apiTokens.map((t: { id: number }) => t.id)).toContain(created.id);
    expect(exported.body).not.toContain(created.token);
  });

  it("gives each role only its scopes, and clients none", async () => {
    expect(
      (await api(client, "POST", "/api/account/tokens", { name: "x", scopes: ["leads:read"], expiresInDays: 7 }))
        .statusCode,
    ).toBe(403);
    const providerAdmin = await api(provider, "POST", "/api/account/tokens", {
      name: "x",
      scopes: ["admin:read"],
      expiresInDays: 7,
    });
    expect(providerAdmin.statusCode).toBe(400);
    expect(providerAdmin.json().issues[0]).toMatchObject({ field: "scopes" });
    expect(
      (await api(admin, "POST", "/api/account/tokens", { name: "x", scopes: ["leads:read"], expiresInDays: 7 }))
        .statusCode,
    ).toBe(400);
    for (const body of [
      { name: "", scopes: ["leads:read"], expiresInDays: 7 },
      { name: "x", scopes: [], expiresInDays: 7 },
      { name: "x", scopes: ["leads:write"], expiresInDays: 7 },
      { name: "x", scopes: ["leads:read"], expiresInDays: 1000 },
    ]) {
      expect((await api(provider, "POST", "/api/account/tokens", body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // An admin's token exports the marketplace's lists, and reaches no provider's route.
    const { token } = await newToken(["admin:read"], admin);
    const calls = scopedCalls(await world());
    for (const [method, url] of calls["admin:read"]) {
      expect((await withToken(token, method, url)).statusCode, url).toBe(200);
    }
    for (const [method, url, body] of calls["leads:read"]) {
      expect((await withToken(token, method, url, body)).statusCode, url).toBe(403);
    }
  });
});

describe("a bearer call", () => {
  it("opens exactly the routes of the token's scopes, each scope alone", async () => {
    for (const scope of PROVIDER_TOKEN_SCOPES) {
      const { token } = await newToken([scope]);
      const calls = scopedCalls(await world());
      for (const [method, url, body] of calls[scope]) {
        const res = await withToken(token, method, url, body);
        expect(res.statusCode, `${scope}: ${method} ${url} ${res.body}`).toBeLessThan(300);
      }
      for (const other of PROVIDER_TOKEN_SCOPES.filter((s) => s !== scope)) {
        for (const [method, url, body] of calls[other]) {
          const res = await withToken(token, method, url, body);
          expect(res.statusCode, `${scope} token on ${method} ${url}`).toBe(403);
          expect(res.json().message).toContain(`lacks the ${other} scope`);
        }
      }
    }
  });

  it("reaches no account setting nor any route without a scope, public ones included", async () => {
    const { token } = await newToken([...PROVIDER_TOKEN_SCOPES]);
    for (const [method, url, body] of [
      ["GET", "/api/auth/user"],
      ["PATCH", "/api/auth/profile", { firstName: "Bot", lastName: "Script" }],
      ["POST", "/api/auth/password", { currentPassword: "x", newPassword: "y" }],
      ["GET", "/api/account/tokens"],
      ["POST", "/api/account/tokens", { name: "more", scopes: ["leads:read"], expiresInDays: 7 }],
      ["GET", "/api/account/export"],
      ["GET", "/api/notifications"],
      ["GET", "/api/webhooks/endpoints"],
      ["POST", "/api/leads/1/decline", { reason: "not_fit" }],
      ["GET", "/api/providers"],
    ] as Array<[Method, string, object?]>) {
      const res = await withToken(token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(API_TOKEN_MESSAGES.offScope);
    }
  });

  it("is the token's alone: a session cookie beside a bad token opens nothing", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/leads/me",
      headers: { authorization: "Bearer amt_not-a-token", cookie: provider.cookie },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(API_TOKEN_MESSAGES.invalid);
  });

  it("needs no same-site proof, while a session still does", async () => {
    const { token } = await newToken(["messages:write"]);
    const { lead } = await world();
    const bearer = await withToken(
      token,
      "POST",
      `/api/conversations/${lead}/messages`,
      { body: "From n8n." },
      FROM_ANOTHER_SITE,
    );
    expect(bearer.statusCode, bearer.body).toBe(201);
    const session = await as(ctx, provider, {
      method: "POST",
      url: `/api/conversations/${lead}/messages`,
      headers: FROM_ANOTHER_SITE,
      payload: { body: "From a forged form." },
    });
    expect(session.statusCode).toBe(403);
  });

  it("records its last use, and stops at once when revoked, expired or its owner suspended", async () => {
    const revoked = await newToken(["leads:read"]);
    expect((await withToken(revoked.token, "GET", "/api/leads/me")).statusCode).toBe(200);
    const listed = (await api(provider, "GET", "/api/account/tokens"))
      .json()
      .tokens.find((t: { id: number }) => t.id === revoked.id);
    expect(listed.lastUsedAt).not.toBeNull();
    // Another user cannot revoke it; its owner can.
    expect((await api(admin, "DELETE", `/api/account/tokens/${revoked.id}`)).statusCode).toBe(404);
    expect((await api(provider, "DELETE", `/api/account/tokens/${revoked.id}`)).statusCode).toBe(204);
    expect((await withToken(revoked.token, "GET", "/api/leads/me")).statusCode).toBe(401);
    expect(
      (await api(provider, "GET", "/api/account/tokens")).json().tokens.map((t: { id: number }) => t.id),
    ).not.toContain(revoked.id);

    const shortLived = await newToken(["leads:read"], provider, 7);
    ctx.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    expect((await withToken(shortLived.token, "GET", "/api/leads/me")).statusCode).toBe(401);

    const other = await createTopProvider(ctx);
    const theirs = await newToken(["leads:read"], other);
    expect((await withToken(theirs.token, "GET", "/api/leads/me")).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, other.id));
    expect((await withToken(theirs.token, "GET", "/api/leads/me")).statusCode).toBe(401);

    // A deleted account's tokens are gone with it.
    const leaving = await createTopProvider(ctx);
    const kept = await newToken(["leads:read"], leaving);
    expect((await api(leaving, "POST", "/api/account/delete", { password: leaving.password })).statusCode).toBe(204);
    expect((await withToken(kept.token, "GET", "/api/leads/me")).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(apiTokens).where(eq(apiTokens.userId, leaving.id))).toEqual([]);
  });
});

// Its users are made here: a test above moved the clock past the first users' sessions.
describe("a token outlives no recovery", () => {
  it("is told to its owner by email when made", async () => {
    const owner = await createTopProvider(ctx);
    const created = await newToken(["leads:read"], owner);
    const [email] = await emailsTo(ctx, owner.email, "account.api_token_created");
    expect(email?.subject).toBe("A new API token was created");
    expect(email?.textBody).toContain(`"Script leads:read"`);
    expect(email?.textBody).not.toContain(created.token);
  });

  it("is revoked by a new password, by a suspension, and loses the scopes its owner's new role has not", async () => {
    const owner = await createTopProvider(ctx);
    const before = await newToken(["leads:read"], owner);
    const changed = await api(owner, "POST", "/api/auth/password", {
      currentPassword: owner.password,
      newPassword: "lantern-Quartz-83-meadow",
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await withToken(before.token, "GET", "/api/leads/me")).statusCode).toBe(401);

    const suspended = await createTopProvider(ctx);
    const admin = await createUser(ctx, "admin");
    const theirs = await newToken(["leads:read"], suspended);
    const reason = { reason: "Spam sent to clients." };
    expect((await api(admin, "PATCH", `/api/admin/users/${suspended.id}/suspend`, reason)).statusCode).toBe(200);
    expect((await api(admin, "PATCH", `/api/admin/users/${suspended.id}/reinstate`)).statusCode).toBe(200);
    expect((await withToken(theirs.token, "GET", "/api/leads/me")).statusCode).toBe(401);

    // A provider made a client keeps no provider scope: its token opens nothing.
    const moved = await createTopProvider(ctx);
    const kept = await newToken(["messages:read"], moved);
    expect((await withToken(kept.token, "GET", "/api/conversations/unread")).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ userType: "client" }).where(eq(users.id, moved.id));
    expect((await withToken(kept.token, "GET", "/api/conversations/unread")).statusCode).toBe(401);
  });

  it("cannot slip past the rules with an encoded address", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/%61pi/leads/me",
      headers: { authorization: "Bearer amt_not-a-token", cookie: (await createTopProvider(ctx)).cookie },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers["www-authenticate"]).toBe('Bearer error="invalid_token"');
  });
});

it("is described in the OpenAPI document: a session or a token with the route's scope", async () => {
  const doc = (await ctx.app.inject({ method: "GET", url: "/api/docs/json" })).json();
  expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: "http", scheme: "bearer" });
  expect(doc.paths["/api/leads/me"].get.security).toEqual([{ session: [] }, { apiToken: ["leads:read"] }]);
  expect(doc.paths["/api/conversations/{leadId}/messages"].post.security).toEqual([
    { session: [] },
    { apiToken: ["messages:write"] },
  ]);
  expect(doc.paths["/api/auth/user"].get.security).toBeUndefined();
});
