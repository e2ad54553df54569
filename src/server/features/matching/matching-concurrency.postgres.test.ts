// Matching in parallel (decision 125), on a real PostgreSQL server whatever the run's database: there
// transactions overlap, while PGlite runs one at a time. Several matchings of one request (a job's
// retry beside the rematch sweep) and matchings of different requests run at once.
import { and, eq, inArray, sql } from "drizzle-orm";
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { NO_LEAD_PREFERENCES } from "@/shared/lead-preferences";
import { prepareRequest } from "@/shared/matching";
import { companies } from "../../db/schema/companies";
import { emailOutbox } from "../../db/schema/email-outbox";
import { leads } from "../../db/schema/leads";
import { notifications } from "../../db/schema/notifications";
import { quoteRequests } from "../../db/schema/quote-requests";
import { createProvider, createTopProvider, type TestProvider } from "../../test/fixtures";
import { waitingForLocks } from "../../test/locks";
import { submitRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";
import { matchMoment } from "./eligibility";
import { findCandidates } from "./queries";
import { matchQuoteRequest, rematchOpenRequests, requestProfile } from "./service";

const ctx = sharedTestContext({}, { postgres: true });
let client: TestUser;

beforeAll(async () => {
  client = await createUser(ctx, "client");
  for (let i = 0; i < 5; i++) await createProvider(ctx);
});

const leadsOf = (ids: number[]) =>
  ctx.database.db
    .select({ requestId: leads.quoteRequestId, companyId: leads.companyId })
    .from(leads)
    .where(inArray(leads.quoteRequestId, ids));

/** The lead emails and in-app notifications written for requests of these titles. */
async function toldAbout(titles: string[]) {
  const db = ctx.database.db;
  const emails = await db.$count(
    emailOutbox,
    and(
      eq(emailOutbox.kind, "lead.delivered"),
      inArray(
        emailOutbox.subject,
        titles.map((t) => `New lead: ${t}`),
      ),
    ),
  );
  const inApp = await db.$count(
    notifications,
    and(
      eq(notifications.kind, "lead.delivered"),
      sql`exists (select 1 from ${quoteRequests} where ${quoteRequests.title} in ${titles}
                   and ${notifications.body} like '"' || ${quoteRequests.title} || '"%')`,
    ),
  );
  return { emails, inApp };
}

describe("matching at once", () => {
  it("one request matched by several at once, all waiting on its lock, gets each lead and each email once", async () => {
    const title = "Concurrent matching of one request";
    const id = await submitRequest(ctx, client, { title });
    const pool = ctx.database.pool;
    if (!pool) throw new Error("this test runs on PostgreSQL");
    // A matcher in the middle of its work: the request row is locked by another transaction.
    const blocker = await pool.connect();
    try {
      await blocker.query("begin");
      await blocker.query("select id from quote_requests where id = $1 for update", [id]);
      const runs = [
        matchQuoteRequest(ctx.deps, id),
        matchQuoteRequest(ctx.deps, id),
        matchQuoteRequest(ctx.deps, id),
        rematchOpenRequests(ctx.deps),
      ];
      // All four stand at the lock; when it is released they go at once.
      await expect.poll(() => waitingForLocks(ctx), { timeout: 20_000 }).toBe(4);
      await blocker.query("commit");
      const outcomes = await Promise.all(runs);
      const delivered = outcomes
        .slice(0, 3)
        .map((o) => (typeof o === "number" ? o : o.status === "done" ? o.delivered : 0));
      expect(delivered.reduce((a, b) => a + b, 0) + (outcomes[3] as number)).toBe(3);
    } finally {
      blocker.release();
    }
    const rows = await leadsOf([id]);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.companyId)).size).toBe(3);
    expect(await toldAbout([title])).toEqual({ emails: 3, inApp: 3 });
  });

  it("different requests matched at once, each several times, get their own leads, never one twice", async () => {
    const titles = Array.from({ length: 12 }, (_, i) => `Concurrent request ${i + 1}`);
    const ids: number[] = [];
    for (const title of titles) ids.push(await submitRequest(ctx, client, { title }));
    // Three matchings of each request and a sweep over all, in any order, at once.
    await Promise.all([
      ...ids.flatMap((id) => [matchQuoteRequest(ctx.deps, id), matchQuoteRequest(ctx.deps, id)]),
      rematchOpenRequests(ctx.deps),
      ...ids.map((id) => matchQuoteRequest(ctx.deps, id)),
    ]);
    const rows = await leadsOf(ids);
    for (const id of ids) {
      const mine = rows.filter((r) => r.requestId === id);
      expect(mine).toHaveLength(3);
      expect(new Set(mine.map((r) => r.companyId)).size).toBe(3);
    }
    // Every provider got each request at most once, and each lead was told once.
    for (const providerCompany of new Set(rows.map((r) => r.companyId))) {
      const theirs = rows.filter((r) => r.companyId === providerCompany);
      expect(new Set(theirs.map((r) => r.requestId)).size).toBe(theirs.length);
    }
    expect(await toldAbout(titles)).toEqual({ emails: 36, inApp: 36 });
  });

  // The candidates are read by several statements, those without a lead history apart from the others
  // (decision 181): a provider's first lead, committed by another match in between, must not hide it from
  // both (decision 185). The commit is made to land after each statement of the read in turn.
  it("a provider whose first lead commits while a request's candidates are read is still a candidate", async () => {
    const pool = ctx.database.pool;
    if (!pool) throw new Error("this test runs on PostgreSQL");
    const [row] = await ctx.database.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.id, await submitRequest(ctx, client, { title: "Read while another commits" })));
    if (!row) throw new Error("no request");
    const elsewhere = await submitRequest(ctx, client, { title: "Where the first lead goes" });
    const prepared = prepareRequest(requestProfile(row));
    const other = await pool.connect();
    try {
      let landedAfter = 0;
      for (let after = 1; landedAfter === after - 1; after++) {
        const fresh = await createProvider(ctx);
        const found = await ctx.database.db.transaction(async (tx) => {
          // The transaction's own connection (drizzle's node-postgres session), its statements counted.
          const own = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
          const query = own.query.bind(own) as (...args: unknown[]) => Promise<unknown>;
          let statements = 0;
          Object.assign(own, {
            query: async (...args: unknown[]) => {
              const result = await query(...args);
              if (++statements === after) {
                await other.query(
                  `insert into leads (quote_request_id, company_id, match_score, score_parts) values ($1, $2, 50, '{}')`,
                  [elsewhere, fresh.companyId],
                );
                landedAfter = after;
              }
              return result;
            },
          });
          try {
            return await findCandidates(tx, row, prepared, 1000, matchMoment(new Date()));
          } finally {
            Object.assign(own, { query });
          }
        });
        expect(
          found.candidates.map((c) => c.companyId),
          `the lead committed after statement ${after}`,
        ).toContain(fresh.companyId);
        expect(found.eligible).toBe(found.candidates.length);
      }
      // The read has more than one statement, so the commit landed between two of them at least once.
      expect(landedAfter).toBeGreaterThan(1);
    } finally {
      other.release();
    }
  });

  /** The best provider for every request, taking at most `weeklyCapacity` new leads a week (through its preferences). */
  async function cappedTopProvider(weeklyCapacity: number): Promise<TestProvider> {
    const capped = await createTopProvider(ctx);
    const res = await as(ctx, capped, {
      method: "PUT",
      url: "/api/companies/me/lead-preferences",
      payload: { ...NO_LEAD_PREFERENCES, weeklyCapacity },
    });
    expect(res.statusCode, res.body).toBe(200);
    return capped;
  }

  it("a weekly capacity holds when many requests are matched at once: never more leads than it allows", async () => {
    const capped = await cappedTopProvider(3);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await submitRequest(ctx, client, { title: `Capacity race ${i + 1}` }));
    await Promise.all(ids.map((id) => matchQuoteRequest(ctx.deps, id)));
    const rows = await leadsOf(ids);
    expect(rows.filter((r) => r.companyId === capped.companyId)).toHaveLength(3);
    // The others took its place: every request still got its 3 leads.
    for (const id of ids) expect(rows.filter((r) => r.requestId === id)).toHaveLength(3);
  });

  // An account's deletion holds its user row, then changes its company or cancels its requests: a match
  // running at that moment must wait for it, never hold what it needs next (decisions 171, 172).
  it("a match giving a capped provider a lead and that provider's account deletion do not deadlock", async () => {
    const capped = await cappedTopProvider(5);
    const id = await submitRequest(ctx, client, { title: "Matched while its provider leaves" });
    await inTheWayOf(
      () => matchQuoteRequest(ctx.deps, id),
      ["select id from users where id = $1 for update", [capped.id]],
      ["update companies set updated_at = now() where id = $1", [capped.companyId]],
    );
    expect((await leadsOf([id])).map((r) => r.companyId)).toContain(capped.companyId);
  });

  it("an invited request's first match and its client's account deletion do not deadlock", async () => {
    const invitedClient = await createUser(ctx, "client");
    const invited = await createProvider(ctx);
    const [company] = await ctx.database.db
      .select({ slug: companies.slug })
      .from(companies)
      .where(eq(companies.id, invited.companyId));
    const id = await submitRequest(ctx, invitedClient, { invitedProvider: company?.slug ?? "" });
    await inTheWayOf(
      () => matchQuoteRequest(ctx.deps, id),
      ["select id from users where id = $1 for update", [invitedClient.id]],
      ["select id from quote_requests where id = $1 for update", [id]],
    );
    expect((await leadsOf([id])).map((r) => r.companyId)).toContain(invited.companyId);
  });
});

/**
 * Runs `match` while another transaction holds `first`'s locks, waits until the match stands at a lock,
 * then takes `second` (what an account's deletion takes next) and commits: both must finish, neither
 * chosen as a deadlock's victim.
 */
async function inTheWayOf(
  match: () => Promise<unknown>,
  first: [string, unknown[]],
  second: [string, unknown[]],
): Promise<void> {
  const pool = ctx.database.pool;
  if (!pool) throw new Error("this test runs on PostgreSQL");
  const blocker = await pool.connect();
  try {
    await blocker.query("begin");
    await blocker.query(...first);
    const running = match();
    await expect.poll(() => waitingForLocks(ctx), { timeout: 20_000 }).toBe(1);
    await blocker.query(...second);
    await blocker.query("commit");
    await running;
  } finally {
    blocker.release();
  }
}
