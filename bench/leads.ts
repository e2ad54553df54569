// npm run bench:leads — how soon a submitted quote request reaches its providers, on PGlite (a
// temporary folder) and on PostgreSQL (127.0.0.1:5432, a database of its own, dropped after). The
// real app and the real workers run as main.ts starts them (the production job settings), with
// eligible providers seeded; clients submit through the app (signed-in cookies, Fastify's inject).
// First 20 single submissions one at a time: the time from the submit to the request's first lead
// (goal: median under 2 s). Then a burst of 200 submissions, 20 clients each sending 10 back to back
// at the same time: the time from the first submit
// until every one of them has its leads (goal: 60 s at most). Leads, in-app notifications and
// outbox emails are written in one transaction, so a request with leads has its emails queued too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app";
import { type Config, loadConfig } from "../src/server/config";
import { type Database, openDatabase } from "../src/server/db/client";
import { hashPassword } from "../src/server/features/auth/password";
import { createJobQueue } from "../src/server/jobs/queue";
import { startWorkers } from "../src/server/jobs/workers";
import { quoteRequestBody } from "../src/server/test/fixtures";
import { signIn } from "../src/server/test/test-app";
import { createAppDeps } from "../src/server/wiring";
import { pct, runBench, seedEligibleProviders, withBenchDatabase } from "./support";

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 1000);
const CLIENTS = 20;
const SINGLES = Number(process.env.BENCH_SINGLES ?? 20);
const BURST = Number(process.env.BENCH_BURST ?? 200);
const BURST_GOAL_S = 60;
const SINGLE_GOAL_MEDIAN_S = 2;
/** Past this, a run stops waiting and reports how far it got. */
const GIVE_UP_S = Number(process.env.BENCH_GIVE_UP_S ?? 180);
const PASSWORD = "bench-leads-pass";
const log = { error: () => undefined, info: () => undefined, warn: () => undefined };

type Row = { database: string; measure: string; result: string; goal: string; pass: boolean | null };
const rows: Row[] = [];

/** Eligible providers (user, approved company, active subscription) and clients, in SQL. */
async function seed(database: Database): Promise<string[]> {
  await seedEligibleProviders(database, 1, PROVIDERS);
  const hash = await hashPassword(PASSWORD, 1024);
  const emails = Array.from({ length: CLIENTS }, (_, i) => `bench-client-${i}@example.com`);
  for (const email of emails) {
    await database.db.execute(
      sql`insert into users (email, password_hash, first_name, last_name, user_type, email_verified_at)
          values (${email}, ${hash}, 'Bench', 'Client', 'client', now())`,
    );
  }
  await database.db.execute(sql`analyze`);
  return emails;
}

/** The requests among `ids` that have at least one lead. */
async function withLeads(database: Database, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await database.db.execute<{ n: number }>(
    sql`select count(distinct quote_request_id)::int as n from leads
        where quote_request_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

async function countRows(database: Database, table: string): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

async function submit(app: FastifyInstance, cookie: string): Promise<number> {
  const res = await app.inject({
    method: "POST",
    url: "/api/quote-requests",
    headers: { cookie },
    payload: quoteRequestBody(),
  });
  if (res.statusCode !== 201) throw new Error(`submit answered ${res.statusCode}: ${res.body}`);
  return res.json().id;
}

/** Waits until `done()` says all are in, or the give-up time passes; answers the count reached. */
async function until(done: () => Promise<boolean>, pollMs: number, giveUpAt: number): Promise<boolean> {
  for (;;) {
    if (await done()) return true;
    if (performance.now() > giveUpAt) return false;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

async function benchOn(label: string, databaseConfig: Config["database"], database: Database): Promise<void> {
  const config: Config = {
    ...loadConfig({
      NODE_ENV: "production",
      MAIL_DISABLED: "true",
      LOG_LEVEL: "silent",
      PASSWORD_SCRYPT_N: "1024",
      WRITE_LIMIT_FACTOR: "1000",
    }),
    database: databaseConfig,
    demoData: false,
  };
  const emails = await seed(database);
  // As main.ts starts them: the queue with its maintenance, the workers and their schedules.
  const jobs = createJobQueue(database, log, { settings: config.jobs });
  await jobs.start();
  const deps = createAppDeps({ config, database, jobs, log });
  await startWorkers(deps);
  const app = await buildApp(deps, { serveWeb: false });
  await app.ready();
  try {
    const cookies: string[] = [];
    for (const email of emails) cookies.push((await signIn({ app }, email, PASSWORD)).cookie);
    const cookieOf = (i: number) => cookies[i % cookies.length] ?? "";

    // One at a time: submit, then watch for its first lead.
    const singles: number[] = [];
    for (let i = 0; i < SINGLES; i++) {
      const t0 = performance.now();
      const id = await submit(app, cookieOf(i));
      const got = await until(async () => (await withLeads(database, [id])) === 1, 10, t0 + GIVE_UP_S * 1000);
      if (!got) throw new Error(`request ${id} had no lead after ${GIVE_UP_S} s`);
      singles.push((performance.now() - t0) / 1000);
    }
    const median = pct(singles, 50);
    rows.push({
      database: label,
      measure: `single submission to its first lead, median of ${SINGLES}`,
      result: `${median.toFixed(2)} s`,
      goal: `< ${SINGLE_GOAL_MEDIAN_S} s`,
      pass: median < SINGLE_GOAL_MEDIAN_S,
    });
    rows.push({
      database: label,
      measure: `single submission to its first lead, p95 of ${SINGLES}`,
      result: `${pct(singles, 95).toFixed(2)} s`,
      goal: "",
      pass: null,
    });

    // The burst: every client submits its share back to back, all clients at once.
    const emailsBefore = await countRows(database, "email_outbox");
    const t0 = performance.now();
    const ids = (
      await Promise.all(
        cookies.map(async (cookie, lane) => {
          const mine: number[] = [];
          for (let i = lane; i < BURST; i += cookies.length) mine.push(await submit(app, cookie));
          return mine;
        }),
      )
    ).flat();
    const submitted = (performance.now() - t0) / 1000;
    let reached = 0;
    const all = await until(
      async () => {
        reached = await withLeads(database, ids);
        return reached === ids.length;
      },
      100,
      t0 + GIVE_UP_S * 1000,
    );
    const elapsed = (performance.now() - t0) / 1000;
    const emailsQueued = (await countRows(database, "email_outbox")) - emailsBefore;
    rows.push({
      database: label,
      measure: `burst of ${BURST} (submitted in ${submitted.toFixed(1)} s) until all have leads`,
      result: all ? `${elapsed.toFixed(1)} s` : `${reached}/${BURST} after ${elapsed.toFixed(0)} s`,
      goal: `<= ${BURST_GOAL_S} s`,
      pass: all && elapsed <= BURST_GOAL_S,
    });
    rows.push({
      database: label,
      measure: "burst: lead emails queued in the outbox",
      result: String(emailsQueued),
      goal: "",
      pass: null,
    });
    for (const row of rows.filter((r) => r.database === label)) console.error(`  ${row.measure}: ${row.result}`);
  } finally {
    await app.close();
    await jobs.stop();
  }
}

async function main() {
  console.log(
    `Leads after submission: ${PROVIDERS.toLocaleString("en-US")} eligible providers, ${CLIENTS} clients (${new Date().toISOString()})\n`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-bench-leads-"));
  try {
    const pgliteConfig = { kind: "pglite" as const, dataDir };
    const database = await openDatabase(pgliteConfig);
    try {
      await benchOn("PGlite", pgliteConfig, database);
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  await withBenchDatabase("leads", async ({ url, database }) => {
    await benchOn("PostgreSQL", { kind: "postgres", url }, database);
  });

  console.log("| database | measure | result | goal | |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.measure} | ${r.result} | ${r.goal} | ${r.pass === null ? "" : r.pass ? "PASS" : "FAIL"} |`,
    );
  }
  if (rows.some((r) => r.pass === false) || process.exitCode) process.exitCode = 1;
}

runBench(main);
