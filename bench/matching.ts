// npm run bench:matching — the time to match one request against 1k, 10k and 100k eligible providers,
// on PostgreSQL (127.0.0.1:5432, a database of its own, dropped after) and on PGlite, beside the time of
// a plain scan of the providers table in the same run. Matching here is what the job does before it
// writes: the candidate query (eligibility and statistics) and the scoring of every candidate.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Config } from "../src/server/config";
import { type Database, openDatabase } from "../src/server/db/client";
import { companies } from "../src/server/db/schema/companies";
import { findCandidates } from "../src/server/features/matching/queries";
import { requestProfile } from "../src/server/features/matching/service";
import { quoteRequestBody } from "../src/server/test/fixtures";
import { prepareRequest, rankProviders } from "../src/shared/matching";
import { seedEligibleProviders } from "./support";

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up: plans and caches
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

/** Adds eligible providers (user, approved company, active subscription) up to `total`, in SQL. */
async function growProviders(database: Database, from: number, to: number): Promise<void> {
  const step = 20_000;
  for (let lo = from + 1; lo <= to; lo += step) {
    await seedEligibleProviders(database, lo, Math.min(to, lo + step - 1));
  }
  await database.db.execute(sql`analyze`);
}

async function benchDatabase(label: string, databaseConfig: Config["database"]) {
  const database = await openDatabase(databaseConfig);
  const rows: string[] = [];
  try {
    // One client and one request to match.
    const [client] = await database.db
      .execute<{ id: number }>(
        sql`insert into users (email, password_hash, first_name, last_name) values ('bench-client@example.com', 'x', 'Bench', 'Client') returning id`,
      )
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const body = quoteRequestBody();
    const [request] = await database.db
      .execute(
        sql`insert into quote_requests (client_id, title, description, industry, automation_types, budget_range, timeline, requirements, match_due_at, is_complex)
            values (${client?.id}, ${body.title}, ${body.description}, ${body.industry}, ${`{${body.automationTypes.map((g) => `"${g}"`).join(",")}}`}, ${body.budgetRange}, ${body.timeline}, ${JSON.stringify(body.requirements)}::jsonb, now() + interval '48 hours', false)
            returning id, industry, client_id as "clientId"`,
      )
      .then((r) => (r as unknown as { rows: { id: number; industry: string; clientId: number }[] }).rows)
      .then((rows) => rows.map((r) => ({ ...r, budgetRange: body.budgetRange, requirements: body.requirements })));
    if (!request) throw new Error("no request");
    const profile = requestProfile({
      industry: body.industry,
      automationTypes: body.automationTypes,
      budgetRange: body.budgetRange,
      requirements: body.requirements,
    });

    let have = 0;
    for (const size of SIZES) {
      const t0 = performance.now();
      await growProviders(database, have, size);
      have = size;
      const seeded = performance.now() - t0;
      const match = await time(() =>
        database.db.transaction(async (tx) =>
          rankProviders(profile, (await findCandidates(tx, request, prepareRequest(profile), 3)).candidates, 3),
        ),
      );
      const scan = await time(() => database.db.select().from(companies));
      rows.push(
        `| ${label} | ${size.toLocaleString("en-US")} | ${match.toFixed(1)} ms | ${scan.toFixed(1)} ms | ${(match / scan).toFixed(2)}x | ${(seeded / 1000).toFixed(1)} s |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await database.close();
  }
  return rows;
}

async function main() {
  const name = `automatch_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  console.log(`Matching one request: median of ${RUNS} runs after a warm-up (${new Date().toISOString()})\n`);
  console.log(
    "| database | eligible providers | match (query + scoring) | plain scan of companies | ratio | seeding |",
  );
  console.log("| --- | --- | --- | --- | --- | --- |");
  try {
    await benchDatabase("PostgreSQL", { kind: "postgres", url: url.toString() });
    await benchDatabase("PGlite", { kind: "pglite", dataDir: null });
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
