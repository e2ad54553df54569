// npm run bench:admin — the admin portal's reads on PostgreSQL (127.0.0.1:5432, a database of its own,
// dropped after) with 100,000 users and 1,000,000 quote requests: p50 and p95 of each call through the
// real app (buildApp as in production, a signed-in admin's cookie, Fastify's inject: routing, session,
// validation, the queries and serialisation, without the socket), beside a bare route doing one select
// by primary key in the same app and the same run. Goal: p95 under 50 ms for each.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { users } from "../src/server/db/schema/users";
import { createAppDeps } from "../src/server/deps";
import { hashPassword } from "../src/server/features/auth/password";
import { createJobQueue } from "../src/server/jobs/queue";
import { signIn } from "../src/server/test/test-app";

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const GOAL_MS = 50;
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const log = { error: () => undefined, info: () => undefined, warn: () => undefined };

const WORDS = [
  "Invoice",
  "Payroll",
  "Claims",
  "Onboarding",
  "Reconciliation",
  "Inventory",
  "Shipping",
  "Expense",
  "Vendor",
  "Contract",
  "Compliance",
  "Reporting",
  "Ticket",
  "Order",
  "Lead",
  "Audit",
];

async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await seedWith(c);
  } finally {
    await c.end();
  }
}

/** The statements of migration 0012 that start the kept figures from the rows that exist. */
function backfillStatements(): string[] {
  const file = path.join(import.meta.dirname, "../src/server/db/migrations/0012_admin-count-triggers.sql");
  return fs
    .readFileSync(file, "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter((s) => s.startsWith("INSERT INTO admin_"));
}

async function seedWith(c: pg.Client) {
  // Row triggers would keep the figures row by row through a million inserts; seeding goes without
  // them and then starts the figures the way the migration does, from the rows.
  await c.query("set session_replication_role = replica");
  const providers = Math.floor(USERS / 10);
  const admins = 10;
  const clients = USERS - providers - admins;
  const t0 = performance.now();
  // Clients first (ids 1..clients), then providers with companies and subscriptions, then admins.
  await c.query(`
    insert into users (email, password_hash, first_name, last_name, user_type, created_at)
    select 'client' || g || '@bench' || (g % 97) || '.example.com', 'x', 'Client', 'Number ' || g, 'client',
           now() - (g % 730) * interval '1 day'
    from generate_series(1, ${clients}) g`);
  await c.query(`
    with u as (
      insert into users (email, password_hash, first_name, last_name, user_type, created_at)
      select 'provider' || g || '@bench.example.com', 'x', 'Provider', 'Number ' || g, 'provider',
             now() - (g % 700) * interval '1 day'
      from generate_series(1, ${providers}) g
      returning id
    ), co as (
      insert into companies (user_id, name, description, industry, location, country, size, specialties, status, created_at)
      select id, 'Bench Automation ' || id, 'A provider made by the benchmark.', 'automation', 'Austin, TX', 'US',
             'small', array['RPA'], (array['approved','approved','approved','pending','rejected'])[1 + id % 5]::company_status,
             now() - (id % 700) * interval '1 day'
      from u returning user_id
    )
    insert into subscriptions (user_id, provider, customer_id, external_id, status)
    select user_id, 'demo', 'cus_b' || user_id, 'sub_b' || user_id,
           (array['active','active','trialing','past_due','canceled'])[1 + user_id % 5]::subscription_status
    from co`);
  await c.query(`
    insert into users (email, password_hash, first_name, last_name, user_type)
    select 'admin' || g || '@bench.example.com', 'x', 'Admin', 'Number ' || g, 'admin' from generate_series(1, ${admins - 1}) g`);
  const words = `array[${WORDS.map((w) => `'${w}'`).join(",")}]`;
  // Requests in chunks, created over two years, ids in creation order as in production.
  const chunk = 200_000;
  for (let lo = 1; lo <= REQUESTS; lo += chunk) {
    const hi = Math.min(REQUESTS, lo + chunk - 1);
    await c.query(`
      insert into quote_requests (client_id, title, description, industry, automation_types, budget_range, timeline,
                                  requirements, status, match_due_at, is_complex, created_at)
      select 1 + ((g::bigint * 7919) % ${clients})::int,
             (${words})[1 + g % 16] || ' ' || (${words})[1 + (g / 16) % 16] || ' automation ' || g,
             'Generated by the benchmark.', 'finance', array['Save time'], '$15k-$30k', '1-3months', '{}'::jsonb,
             (array['open','matched','matched','closed','closed','closed','cancelled'])[1 + g % 7]::quote_request_status,
             now(), false, now() - ((${REQUESTS} - g) * interval '63 seconds')
      from generate_series(${lo}, ${hi}) g`);
  }
  // A lead for every other request, a quote for every other lead; alerts and activity entries.
  await c.query(`
    insert into leads (quote_request_id, company_id, match_score, score_parts, status, created_at)
    select r.id, co.id, 70, '[]'::jsonb, (array['new','viewed','quoted','closed'])[1 + r.id % 4]::lead_status, r.created_at
    from quote_requests r
    join companies co on co.id = 1 + (r.id * 31) % ${providers}
    where r.id % 2 = 0`);
  await c.query(`
    insert into quotes (lead_id, company_id, quote_request_id, amount_cents, timeline, message, status, created_at)
    select l.id, l.company_id, l.quote_request_id, 1000000, '4 weeks', 'Benchmark quote.',
           (array['submitted','accepted','declined','withdrawn'])[1 + l.id % 4]::quote_status,
           l.created_at + interval '5 hours'
    from leads l where l.id % 2 = 0`);
  await c.query(`
    insert into alerts (type, severity, title, description, resource_type, resource_id, cause, is_resolved, created_at)
    select 'too_few_providers', 'high', 'Too few eligible providers', 'Generated.', 'quote_request', g,
           'bench:' || g, g % 3 = 0, now() - g * interval '1 hour'
    from generate_series(1, 1000) g`);
  await c.query(`
    insert into activity_logs (admin_id, action, resource_type, resource_id, details, created_at)
    select (select min(id) from users where user_type = 'admin'), 'update_request_status', 'quote_request', g::text,
           '{"oldStatus":"pending","newStatus":"active"}', now() - g * interval '1 minute'
    from generate_series(1, 10000) g`);
  await c.query("delete from admin_counts");
  await c.query("delete from admin_daily");
  for (const statement of backfillStatements()) await c.query(statement);
  await c.query("set session_replication_role = origin");
  await c.query("vacuum analyze");
  return (performance.now() - t0) / 1000;
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function main() {
  const name = `automatch_bench_admin_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseConfig = { kind: "postgres" as const, url: url.toString() };
  const database = await openDatabase(databaseConfig);
  try {
    const seconds = await seed(url.toString());
    const config = {
      ...loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", PASSWORD_SCRYPT_N: "1024" }),
      database: databaseConfig,
      demoData: false,
    };
    const jobs = createJobQueue(database, log, { maintenance: false });
    const deps = createAppDeps({ config, database, jobs, log });
    const app = await buildApp(deps, { serveWeb: false });
    // The bare baseline: one select by primary key, through the same app, session check included.
    app.get("/bench/baseline", async () => {
      const [row] = await database.db.select().from(users).where(eq(users.id, 1)).limit(1);
      return { email: row?.email };
    });
    await app.ready();
    await database.db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, user_type)
      values ('bench-admin@example.com', ${await hashPassword("bench-admin-pass", 1024)}, 'Bench', 'Admin', 'admin')`);
    const { cookie } = await signIn({ app }, "bench-admin@example.com", "bench-admin-pass");

    const calls: [string, string][] = [
      ["bare select by primary key (baseline)", "/bench/baseline"],
      ["stats", "/api/admin/stats"],
      ["analytics, 30 days", "/api/admin/analytics?period=30d"],
      ["analytics, 12 months", "/api/admin/analytics?period=12m"],
      ["requests, first page", "/api/admin/requests"],
      ["requests, status completed", "/api/admin/requests?status=completed"],
      ["requests, search a title word", "/api/admin/requests?q=payroll"],
      ["requests, search a client email", `/api/admin/requests?q=client${Math.floor(USERS / 3)}%40`],
      ["users, first page", "/api/admin/users"],
      ["users, search an email", `/api/admin/users?q=client${Math.floor(USERS / 2)}%40`],
      ["providers, first page", "/api/admin/providers"],
      ["alerts, first page", "/api/admin/alerts"],
      ["alerts, unresolved count", "/api/admin/alerts/count"],
      ["activity log, first page", "/api/admin/activity-logs"],
    ];
    console.log(
      `Admin reads on PostgreSQL: ${USERS.toLocaleString("en-US")} users, ${REQUESTS.toLocaleString("en-US")} requests (seeded in ${seconds.toFixed(0)} s); ${RUNS} runs each after a warm-up (${new Date().toISOString()})\n`,
    );
    console.log("| call | p50 | p95 | p95 vs baseline | goal (p95 < 50 ms) |");
    console.log("| --- | --- | --- | --- | --- |");
    let baseline = Number.NaN;
    let failed = 0;
    for (const [label, path] of calls) {
      const samples: number[] = [];
      for (let i = 0; i < RUNS + 5; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url: path, headers: { cookie } });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        if (i >= 5) samples.push(ms);
      }
      const p95 = pct(samples, 95);
      if (Number.isNaN(baseline)) baseline = p95;
      const ok = p95 < GOAL_MS;
      if (!ok) failed += 1;
      console.log(
        `| ${label} | ${pct(samples, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${(p95 / baseline).toFixed(1)}x | ${ok ? "PASS" : "FAIL"} |`,
      );
    }
    await app.close();
    if (failed > 0) process.exitCode = 1;
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await database.close();
    // BENCH_KEEP=1 leaves the database for EXPLAIN.
    if (process.env.BENCH_KEEP !== "1") await admin.query(`drop database if exists "${name}" with (force)`);
    else console.log(`\nKept the database ${name}.`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
