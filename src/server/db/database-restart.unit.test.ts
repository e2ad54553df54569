// A PostgreSQL restart, and sessions cut in the middle of a transaction, under write load (issue 29,
// decision 143): the app process must live through both, answer 503 with Retry-After meanwhile, lose
// no write it acknowledged, and serve again within 5 s of the database's return. The server is the
// test's own (test/own-postgres.ts), started once for the file; the app runs as a real process.

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { hashPassword } from "../features/auth/password";
import { confirmEmail, insertUser } from "../features/auth/queries";
import { type OwnPostgres, startOwnPostgres } from "../test/own-postgres";
import { processSpawner, type Started, serverArgs, serverEnv } from "../test/processes";
import { waitFor } from "../test/wait";
import { executedRows, openDatabase } from "./client";

const spawn = processSpawner();
const SCRYPT_N = 1024;
const CLIENTS = 8;
// A ninth client, whose streams the live check ends: the load's sessions must stay signed in.
const LIVE_CLIENT = CLIENTS;

let pg: OwnPostgres;
let server: Started;
let base: string;
const cookies: string[] = [];

beforeAll(async () => {
  pg = await startOwnPostgres();
  server = spawn(
    process.execPath,
    serverArgs(),
    serverEnv("DATA_DIR", {
      DATABASE_URL: pg.url,
      NODE_ENV: "test",
      PASSWORD_SCRYPT_N: String(SCRYPT_N),
      DATABASE_ACQUIRE_TIMEOUT_MS: "1000",
      // A load test: eight clients writing as fast as they can are far past a person's write limits.
      WRITE_LIMIT_FACTOR: "1000",
    }),
  );
  const port = await waitFor(
    () => /running at http:\/\/localhost:(\d+)/.exec(server.output())?.[1],
    60_000,
    "the server listens",
  );
  base = `http://127.0.0.1:${port}`;
  const database = await openDatabase({ kind: "postgres", url: pg.url });
  try {
    for (let i = 0; i <= CLIENTS; i++) {
      const email = `restart-${i}@example.com`;
      const password = `restart-${i}-password`;
      const row = await insertUser(database.db, {
        email,
        passwordHash: await hashPassword(password, SCRYPT_N),
        firstName: "Restart",
        lastName: `Client ${i}`,
        userType: "client",
      });
      if (!row) throw new Error("no user");
      await confirmEmail(database.db, row.id, email, new Date());
      if (i < CLIENTS) cookies.push(await signIn(i));
    }
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(() => pg?.remove());

async function signIn(i: number): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `restart-${i}@example.com`, password: `restart-${i}-password` }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

/**
 * Whether live updates go round the database again: a stream opens, and a "sign out everywhere" from
 * another session, whose NOTIFY the process hears on its LISTEN connection, ends it within a second.
 */
async function liveUpdatesWork(): Promise<boolean> {
  try {
    const streamCookie = await signIn(LIVE_CLIENT);
    const otherCookie = await signIn(LIVE_CLIENT);
    const res = await fetch(`${base}/api/events`, {
      headers: { cookie: streamCookie },
      signal: AbortSignal.timeout(3000),
    });
    if (res.status !== 200 || !res.body) return false;
    const reader = res.body.getReader();
    let text = "";
    while (!text.includes("event: ready")) {
      const chunk = await reader.read();
      if (chunk.done) return false;
      text += new TextDecoder().decode(chunk.value);
    }
    const signOut = await fetch(`${base}/api/auth/sessions/sign-out-everywhere`, {
      method: "POST",
      headers: { cookie: otherCookie },
    });
    if (signOut.status >= 300) return false;
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })(),
      new Promise<false>((r) => setTimeout(() => r(false), 1000)),
    ]);
    await reader.cancel().catch(() => undefined);
    return ended;
  } catch {
    return false;
  }
}

/** How long after `since` live updates work again (tried until they do, for at most 10 s). */
async function liveRecovery(since: number): Promise<number> {
  await waitFor(async () => ((await liveUpdatesWork()) ? true : undefined), 10_000, "live updates work again");
  return Date.now() - since;
}

type Outcome = { at: number; status: number; retryAfter: string | null; id?: number; error?: string };

/** One client: a quote request, then its list, again and again until `stop()`. */
async function client(cookie: string, index: number, stop: () => boolean, outcomes: Outcome[]): Promise<void> {
  for (let n = 0; !stop(); n++) {
    const write = n % 2 === 0;
    const at = Date.now();
    try {
      const res = await fetch(`${base}/api/quote-requests${write ? "" : "/me"}`, {
        method: write ? "POST" : "GET",
        headers: { cookie, ...(write ? { "content-type": "application/json" } : {}) },
        body: write ? JSON.stringify(validQuoteRequestBody({ title: `Restart ${index}-${n}` })) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { id?: number };
      outcomes.push({
        at,
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        id: write && res.status === 201 ? body.id : undefined,
      });
    } catch (err) {
      outcomes.push({ at, status: 0, retryAfter: null, error: String(err) });
    }
    if (outcomes.at(-1)?.status !== 201 && outcomes.at(-1)?.status !== 200) await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs the load while `fault` acts on the database, and for `ms` after it returns; answers what the clients got. */
async function underLoad(ms: number, fault: () => Promise<number>) {
  const outcomes: Outcome[] = [];
  let done = false;
  const clients = cookies.map((cookie, i) => client(cookie, i, () => done, outcomes));
  const back = await fault();
  await new Promise((r) => setTimeout(r, Math.max(0, ms - (Date.now() - back))));
  done = true;
  await Promise.all(clients);
  return { outcomes, back };
}

async function storedIds(): Promise<Set<number>> {
  const database = await openDatabase({ kind: "postgres", url: pg.url });
  try {
    const rows = executedRows<{ id: number }>(await database.db.execute(sql`select id from quote_requests`));
    return new Set(rows.map((r) => Number(r.id)));
  } finally {
    await database.close();
  }
}

/** Match jobs sent after `since` that have not completed. */
async function unfinishedMatchJobs(since: number): Promise<number> {
  const database = await openDatabase({ kind: "postgres", url: pg.url });
  try {
    const rows = executedRows<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'match-quote-request'
            and created_on > ${new Date(since).toISOString()}::timestamptz and state <> 'completed'`,
      ),
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

function expectServedThrough(outcomes: Outcome[], back: number, label: string) {
  // Every answer is a success or a 503 the caller may retry: never a 500, never a dropped connection.
  const bad = outcomes.filter((o) => ![200, 201, 503].includes(o.status));
  expect(bad, `${label}: answers other than 200, 201 and 503`).toEqual([]);
  for (const o of outcomes.filter((o) => o.status === 503)) expect(o.retryAfter).toMatch(/^\d+$/);
  const firstWrite = outcomes
    .filter((o) => o.status === 201 && o.at >= back)
    .map((o) => o.at)
    .sort((a, b) => a - b)[0];
  expect(firstWrite, `${label}: no write succeeded after the database came back`).toBeDefined();
  const recovery = (firstWrite as number) - back;
  process.stdout.write(`${label}: first acknowledged write ${recovery} ms after the database came back\n`);
  expect(recovery).toBeLessThan(5000);
}

describe("a PostgreSQL restart under write load", () => {
  it("keeps the process up, answers 503 during the outage, and serves again within 5 s", async () => {
    let live = Promise.resolve(0);
    const { outcomes, back } = await underLoad(1500, async () => {
      expect(await liveUpdatesWork()).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      pg.stop("fast");
      await new Promise((r) => setTimeout(r, 300));
      const ready = await fetch(`${base}/healthz/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get("retry-after")).toMatch(/^\d+$/);
      pg.start();
      const at = Date.now();
      live = liveRecovery(at);
      return at;
    });
    const liveAfter = await live;
    process.stdout.write(`restart: live updates again ${liveAfter} ms after the database came back\n`);
    expect(liveAfter).toBeLessThan(5000);
    expect(server.proc.exitCode, server.output()).toBeNull();
    expectServedThrough(outcomes, back, "restart");
    expect(outcomes.some((o) => o.status === 503)).toBe(true);
    const acknowledged = outcomes.flatMap((o) => (o.id === undefined ? [] : [o.id]));
    const stored = await storedIds();
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect((await fetch(`${base}/healthz/ready`)).status).toBe(200);
    // The jobs work again: every request acknowledged after the return has had its match job done.
    await waitFor(async () => ((await unfinishedMatchJobs(back)) === 0 ? true : undefined), 5000, "the match jobs ran");
  }, 60_000);

  it("lives through every session being cut in the middle of its transaction", async () => {
    const { outcomes, back } = await underLoad(1500, async () => {
      await new Promise((r) => setTimeout(r, 300));
      const database = await openDatabase({ kind: "postgres", url: pg.url });
      try {
        // Twice, so that the sessions the pool opened again are cut too.
        for (let round = 0; round < 2; round++) {
          await database.db.execute(
            sql`select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and datname = current_database()`,
          );
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        await database.close();
      }
      return Date.now();
    });
    expect(server.proc.exitCode, server.output()).toBeNull();
    expectServedThrough(outcomes, back, "terminated sessions");
    const acknowledged = outcomes.flatMap((o) => (o.id === undefined ? [] : [o.id]));
    const stored = await storedIds();
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  }, 60_000);
});
