// npm run bench:providers — the public directory (issue 17, decision 137) on PostgreSQL (127.0.0.1:5432,
// a database of its own, dropped after) with 10,000 approved providers: p50 and p95 of its first page
// for the default sort and several filter and sort combinations, a next page and a profile, through the
// real app (buildApp as in production, anonymous, Fastify's inject: routing, validation, the queries and
// serialisation, without the socket), beside a bare route doing one select by primary key in the same
// app and run. Goal: p95 under 50 ms. The figures (ratings, review counts, hires, response times) are
// set straight on the companies' columns, as refresh_provider_stats would keep them, instead of writing
// the reviews, quotes and leads behind them. BENCH_PROVIDERS and BENCH_RUNS change the sizes;
// BENCH_EXPLAIN=1 prints the plan of each directory query.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { countDirectoryQuery, listDirectory } from "../src/server/features/providers/queries";
import { INDUSTRIES } from "../src/shared/quote-request-options";
import { PROVIDER_SPECIALTIES } from "../src/shared/specialties";
import { benchApp, printTimedCalls, runBench, withBenchDatabase } from "./support";

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const GOAL_MS = 50;

const FIRST = ["Apex", "Blue", "Clear", "Delta", "Ever", "First", "Green", "High", "Iron", "Just", "Key", "Lean"];
const SECOND = ["Automation", "Bots", "Flows", "Robotics", "Systems", "Logic", "Ops", "Labs", "Data", "Works"];
const COUNTRIES = ["US", "US", "US", "US", "GB", "GB", "DE", "CA", "FR", "NL", "IN", "AU"];

async function seed(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = performance.now();
  const text = (xs: readonly string[]) => `array[${xs.map((x) => `'${x}'`).join(",")}]`;
  try {
    // The listed providers, and beside them pending or rejected ones (10%) and a few (1%) of suspended
    // owners, which the directory must skip.
    const pending = Math.floor(PROVIDERS / 10);
    const total = PROVIDERS + pending + Math.floor(PROVIDERS / 100);
    await c.query(`
      with u as (
        insert into users (email, password_hash, first_name, last_name, user_type, suspended_at)
        select 'bench-provider-' || g || '@example.com', 'x', 'Bench', 'Provider ' || g, 'provider',
               case when g > ${PROVIDERS + pending} then now() end
        from generate_series(1, ${total}) g
        returning id
      )
      insert into companies (user_id, name, description, industry, location, country, size, specialties,
                             industries_served, status, reviewed_at, created_at,
                             requests_quoted, hires, median_response_minutes, review_count, rating_sum)
      select u.id,
        (${text(FIRST)})[1 + u.id % 12] || ' ' || (${text(SECOND)})[1 + (u.id / 12) % 10] || ' ' || u.id,
        'We design, build and run automations for back-office teams: invoices, onboarding, reporting and '
          || 'the integrations between the systems they already use, with support after go-live. Company ' || u.id,
        'automation', 'Somewhere', (${text(COUNTRIES)})[1 + u.id % 12],
        (array['startup','small','medium','large','enterprise'])[1 + u.id % 5]::company_size,
        array(select s from unnest(${text(PROVIDER_SPECIALTIES)}) with ordinality t(s, i)
              where ((u.id * 2654435761) >> i::int) % 3 = 0),
        array(select s from unnest(${text(INDUSTRIES)}) with ordinality t(s, i)
              where ((u.id * 40503) >> i::int) % 3 = 0),
        case when u.id <= ${PROVIDERS} or u.id > ${PROVIDERS + pending} then 'approved'
             when u.id % 2 = 0 then 'pending' else 'rejected' end::company_status,
        case when u.id <= ${PROVIDERS} or u.id > ${PROVIDERS + pending}
             then now() - (u.id % 900) * interval '1 day' - (u.id % 86400) * interval '1 second' end,
        now() - (u.id % 900 + 5) * interval '1 day',
        (u.id * 7) % 60, (u.id * 3) % 25, case when u.id % 4 = 0 then null else (u.id * 13) % 2880 end,
        -- A third without reviews; the others 1 to 40 reviews averaging 2.5 to 5 stars.
        case when u.id % 3 = 0 then 0 else 1 + (u.id * 17) % 40 end,
        case when u.id % 3 = 0 then 0 else (1 + (u.id * 17) % 40) * (5 + u.id % 6) / 2 end
      from u`);
    await c.query("vacuum analyze");
  } finally {
    await c.end();
  }
  return (performance.now() - t0) / 1000;
}

async function main() {
  await withBenchDatabase("providers", async ({ url, database }) => {
    const seconds = await seed(url);
    const app = await benchApp(database, url);
    const first = await app.inject({ method: "GET", url: "/api/providers?sort=name" });
    const { nextCursor, items } = first.json() as { nextCursor: string; items: { slug: string }[] };
    const calls: [string, string][] = [
      ["bare select by primary key (baseline)", "/bench/baseline"],
      ["directory, first page (highest rated)", "/api/providers"],
      ["specialty AI/Machine Learning, highest rated", "/api/providers?specialty=AI%2FMachine%20Learning"],
      ["industry finance + country GB, most hires", "/api/providers?industry=finance&country=GB&sort=hires"],
      ["4 stars and up, most reviewed", "/api/providers?minRating=4&sort=reviews"],
      ["newest members", "/api/providers?sort=newest"],
      ["name (A-Z), second page", `/api/providers?sort=name&cursor=${nextCursor}`],
      ["a profile", `/api/providers/${items[0]?.slug}`],
    ];
    console.log(
      `The provider directory on PostgreSQL: ${PROVIDERS.toLocaleString("en-US")} approved providers beside ${(PROVIDERS / 10).toLocaleString("en-US")} pending or rejected and ${(PROVIDERS / 100).toLocaleString("en-US")} of suspended owners (seeded in ${seconds.toFixed(0)} s, figures set on the columns); ${RUNS} runs each after a warm-up, anonymous, inject (${new Date().toISOString()})\n`,
    );
    const failed = await printTimedCalls(app, calls, { runs: RUNS, warmup: 10, goalMs: GOAL_MS });
    if (process.env.BENCH_EXPLAIN === "1") {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const shapes = [
        { sort: "rating", filters: {} },
        { sort: "rating", filters: { specialty: "AI/Machine Learning" } },
        { sort: "hires", filters: { industry: "finance", country: "GB" } },
        { sort: "reviews", filters: { minRating: 4 } },
        { sort: "newest", filters: {} },
        { sort: "name", filters: {} },
      ] as const;
      for (const s of shapes) {
        const query = listDirectory(database.db, { filters: s.filters, sort: s.sort, after: null, limit: 13 }).toSQL();
        const count = countDirectoryQuery(database.db, s.filters).toSQL();
        for (const [what, q] of [
          ["page", query],
          ["total", count],
        ] as const) {
          const plan = await c.query(`explain analyze ${q.sql}`, q.params);
          console.log(`\n${what}: ${s.sort} ${JSON.stringify(s.filters)}`);
          for (const row of plan.rows) console.log(`  ${row["QUERY PLAN"]}`);
        }
      }
      await c.end();
    }
    await app.close();
    if (failed > 0) process.exitCode = 1;
  });
}

runBench(main);
