// What the PostgreSQL benchmarks share: a database of their own, the app built on it as in production
// with a bare baseline route beside it, and percentiles.
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { type Database, openDatabase } from "../src/server/db/client";
import { users } from "../src/server/db/schema/users";
import { createJobQueue } from "../src/server/jobs/queue";
import { createLogger } from "../src/server/logger";
import { createAppDeps } from "../src/server/wiring";
import { PROVIDER_SPECIALTIES } from "../src/shared/specialties";

export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const log = { error: () => undefined, info: () => undefined, warn: () => undefined };

export const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Runs a benchmark's `main`: an error it throws is printed and ends the process with status 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

/**
 * Creates a database of the benchmark's own, runs `body` with it, and drops it after (BENCH_KEEP=1
 * keeps it for EXPLAIN). A failure sets the exit code.
 */
export async function withBenchDatabase(
  tag: string,
  body: (bench: { url: string; database: Database }) => Promise<void>,
): Promise<void> {
  const name = `automatch_bench_${tag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  try {
    await body({ url: url.toString(), database });
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP !== "1") await admin.query(`drop database if exists "${name}" with (force)`);
    else console.log(`\nKept the database ${name}.`);
    await admin.end();
  }
}

export type BenchAppOptions = {
  /**
   * Log as production does (LOG_LEVEL info, the app's logger) into /dev/null, so that the request
   * log's cost counts; without it the app has no logger (LOG_LEVEL silent).
   */
  logToDevNull?: boolean;
};

/** The real app on the database (buildApp as in production), with `/bench/baseline`: one select by primary key. */
export async function benchApp(database: Database, url: string, options: BenchAppOptions = {}) {
  const config = {
    ...loadConfig({
      NODE_ENV: "production",
      MAIL_DISABLED: "true",
      LOG_LEVEL: options.logToDevNull ? "info" : "silent",
      PASSWORD_SCRYPT_N: "1024",
      // A load test: its clients write far faster than a person (decision 144).
      WRITE_LIMIT_FACTOR: "1000",
    }),
    database: { kind: "postgres" as const, url },
    demoData: false,
  };
  // Synchronous writes, as pino's default destination (standard output) does.
  const logger = options.logToDevNull
    ? createLogger(config, pino.destination({ dest: "/dev/null", sync: true }))
    : undefined;
  const jobs = createJobQueue(database, log, { maintenance: false });
  const deps = createAppDeps({ config, database, jobs, log });
  const app = await buildApp(deps, { serveWeb: false, ...(logger ? { logger } : {}) });
  app.get("/bench/baseline", async () => {
    const [row] = await database.db.select().from(users).where(eq(users.id, 1)).limit(1);
    return { email: row?.email };
  });
  await app.ready();
  return app;
}

/**
 * Eligible providers numbered `from` to `to` (user, approved company with a spread of sizes, countries
 * and specialties, active demo subscription), in one transaction of set-based SQL. The row triggers
 * (the admin's figures, the slug) would work row by row, each figure's row updated once per insert:
 * they are switched off for the transaction, the slugs written here and the figures added once after.
 */
export async function seedEligibleProviders(database: Database, from: number, to: number): Promise<void> {
  const specialties = `array[${PROVIDER_SPECIALTIES.map((s) => `'${s}'`).join(",")}]`;
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql.raw(`
    with u as (
      insert into users (email, password_hash, first_name, last_name, user_type)
      select 'bench-provider-' || g || '@example.com', 'x', 'Bench', 'Provider ' || g, 'provider'
      from generate_series(${from}, ${to}) g
      returning id
    ), c as (
      insert into companies (user_id, name, slug, verified_name, verified_slug, description, industry, location, country, size, specialties, status)
      select u.id, 'Bench Co ' || u.id, 'bench-co-' || u.id, 'Bench Co ' || u.id, 'bench-co-' || u.id,
        'A provider made by the benchmark.', 'automation', 'Somewhere',
        case when u.id % 7 = 0 then 'DE' else 'US' end,
        (array['startup','small','medium','large','enterprise'])[1 + u.id % 5]::company_size,
        array(select s from unnest(${specialties}) with ordinality t(s, i) where ((u.id * 2654435761) >> i::int) % 3 = 0),
        'approved'
      from u
      returning user_id
    )
    insert into subscriptions (user_id, provider, customer_id, external_id, status)
    select user_id, 'demo', 'cus_bench_' || user_id, 'sub_bench_' || user_id, 'active' from c`),
    );
    const n = to - from + 1;
    await tx.execute(
      sql`select admin_count('users:provider', ${n}), admin_count('companies:approved', ${n}), admin_day(now(), 'providers', ${n})`,
    );
  });
}

/**
 * Times each GET through the app (`inject`: the routing, hooks and serializers, no socket), the first
 * row being the baseline, and prints the table of p50 and p95 beside it with PASS or FAIL against the
 * goal (the baseline's row always passes). Returns how many failed.
 */
export async function printTimedCalls(
  app: Awaited<ReturnType<typeof benchApp>>,
  calls: [label: string, path: string][],
  options: { runs: number; warmup: number; goalMs: number; headers?: Record<string, string> },
): Promise<number> {
  console.log(`| call | p50 | p95 | p95 vs baseline | goal (p95 < ${options.goalMs} ms) |`);
  console.log("| --- | --- | --- | --- | --- |");
  let baseline = Number.NaN;
  let failed = 0;
  for (const [label, path] of calls) {
    const samples: number[] = [];
    for (let i = 0; i < options.runs + options.warmup; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: "GET", url: path, headers: options.headers ?? {} });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      if (i >= options.warmup) samples.push(ms);
    }
    const p95 = pct(samples, 95);
    const first = Number.isNaN(baseline);
    if (first) baseline = p95;
    const ok = first || p95 < options.goalMs;
    if (!ok) failed += 1;
    console.log(
      `| ${label} | ${pct(samples, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${(p95 / baseline).toFixed(1)}x | ${ok ? "PASS" : "FAIL"} |`,
    );
  }
  return failed;
}
