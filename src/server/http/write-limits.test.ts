// Write limits (issue 29, decision 144) and the hold on an unconfirmed client's requests (decision
// 150): what an account and a network may write, the 429 with Retry-After past it, and requests that
// go to providers only once their client's address is confirmed.
import { sql } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { executedRows } from "../db/client";
import { matchQuoteRequest, rematchOpenRequests } from "../features/matching/service";
import { createProvider, quoteRequestBody } from "../test/fixtures";
import { emailsTo, leadsOfRequest } from "../test/reads";
import { sharedTestContext } from "../test/shared-context";
import { as, createUser, startNewWindow, type TestUser } from "../test/test-app";
import { ACCOUNT_WRITES, ACTION_LIMITS } from "./write-limits";

const declared = new Set<string>();
const ctx = sharedTestContext(
  // The allowances as production has them.
  { WRITE_LIMIT_FACTOR: "1" },
  {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) declared.add(`${method} ${route.url}`);
    },
  },
);

const HOUR = 3600_000;
const quoteRequestLimits = ACTION_LIMITS["POST /api/quote-requests"];

const submit = (user: TestUser, remoteAddress: string, title = "Invoice processing") =>
  as(ctx, user, {
    method: "POST",
    url: "/api/quote-requests",
    payload: quoteRequestBody({ title }),
    remoteAddress,
  });

async function queuedSweeps(): Promise<number> {
  const rows = executedRows<{ n: number }>(
    await ctx.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'rematch-open-requests' and state = 'created'`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

describe("write limits", () => {
  it("name routes the app declares", () => {
    for (const route of Object.keys(ACTION_LIMITS)) expect(declared).toContain(route);
  });

  it("hold an unconfirmed client's requests until the address is confirmed, and stop the 11th in an hour", async () => {
    startNewWindow(ctx, HOUR);
    for (let i = 0; i < 3; i++) await createProvider(ctx);
    const client = await createUser(ctx, "client", "unconfirmed-sender", { verified: false });
    const max = quoteRequestLimits?.perAccount?.max ?? 0;
    expect(max).toBe(10);
    const ids: number[] = [];
    for (let i = 0; i < max; i++) {
      const res = await submit(client, "10.29.0.1", `Held request ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const refused = await submit(client, "10.29.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(quoteRequestLimits?.perAccount?.message);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(3600);
    // Nothing was written for the refused one.
    const mine = await as(ctx, client, { method: "GET", url: "/api/quote-requests/me?limit=50" });
    expect(mine.json()).toHaveLength(max);

    // The job that a submission starts delivers nothing while the address is unconfirmed.
    const first = ids[0] as number;
    expect(await matchQuoteRequest(ctx.deps, first)).toEqual({ status: "skipped", reason: "owner-unconfirmed" });
    expect(await leadsOfRequest(ctx, first)).toHaveLength(0);
    // Nor does the periodic sweep.
    await rematchOpenRequests(ctx.deps);
    expect(await leadsOfRequest(ctx, first)).toHaveLength(0);

    // The confirmation queues the sweep, which now sends every held request to providers.
    const before = await queuedSweeps();
    await as(ctx, client, { method: "POST", url: "/api/auth/verify-email/resend" });
    const [mail] = await emailsTo(ctx, client.email, "account.email_verification");
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? "")?.[1];
    const confirmed = await ctx.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(await queuedSweeps()).toBeGreaterThan(before);
    await rematchOpenRequests(ctx.deps);
    for (const id of ids) expect((await leadsOfRequest(ctx, id)).length).toBeGreaterThan(0);
  });

  it("count a network's quote requests whoever sends them", async () => {
    startNewWindow(ctx, HOUR);
    const perNetwork = quoteRequestLimits?.perNetwork;
    const perAccount = quoteRequestLimits?.perAccount;
    if (!perNetwork || !perAccount) throw new Error("the quote request limits are not declared");
    let sent = 0;
    while (sent < perNetwork.max) {
      const client = await createUser(ctx, "client", `office-${sent}`);
      for (let i = 0; i < perAccount.max && sent < perNetwork.max; i++, sent++) {
        expect((await submit(client, "10.29.1.7")).statusCode).toBe(201);
      }
    }
    const newcomer = await createUser(ctx, "client", "office-newcomer");
    const refused = await submit(newcomer, "10.29.1.7");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(perNetwork.message);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    // Another network is not held back by this one.
    expect((await submit(newcomer, "10.29.2.7")).statusCode).toBe(201);
  });

  it("count every write of an account, and let it write again in the next window", async () => {
    startNewWindow(ctx, ACCOUNT_WRITES.windowMs);
    const user = await createUser(ctx, "client", "busy-writer");
    const markRead = () =>
      as(ctx, user, { method: "POST", url: "/api/notifications/read-all", remoteAddress: "10.29.3.1" });
    for (let i = 0; i < ACCOUNT_WRITES.max; i++) expect((await markRead()).statusCode).toBeLessThan(300);
    const refused = await markRead();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ACCOUNT_WRITES.message);
    ctx.clock.advance(ACCOUNT_WRITES.windowMs);
    expect((await markRead()).statusCode).toBeLessThan(300);
  });
});
