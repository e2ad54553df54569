// npm run load — a marketplace's busiest day on three processes (issue 31, decision 165). Three
// production builds of the server (`node dist/server/main.js`, NODE_ENV=production) share one
// PostgreSQL database (127.0.0.1:5432, a database of its own, dropped after), behind what acts as a
// load balancer: each call goes to the next process, with the caller's address in X-Forwarded-For.
// The cast is seeded in SQL (seed.ts); 2,000 of them keep a live stream open; then visitors, clients,
// providers and an admin play their parts (people.ts) for a warm-up and a measured run. It prints each
// kind of call's rate, p50/p95/p99 and errors, submit-to-lead and live-event delivery, each process's
// peak memory, and where the CPU went; it exits 1 when a goal is missed.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { hashPassword } from "../../src/server/features/auth/password";
import { pct, runBench, withBenchDatabase } from "../support";
import { Balancer, Recorder } from "./http";
import { admin, client, PASSWORD, provider, visitor, type World } from "./people";
import { type Cast, seedCast } from "./seed";
import { Streams } from "./streams";
import { cpuSeconds, machineTicks, postgresCpuSeconds, sampleMetrics, type Usage } from "./usage";

const PROCESSES = 3;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 15);
const STREAMS = Number(process.env.LOAD_STREAMS ?? 2000);
const VISITORS = Number(process.env.LOAD_VISITORS ?? 40);
const ACTIVE_CLIENTS = Number(process.env.LOAD_ACTIVE_CLIENTS ?? 160);
const ACTIVE_PROVIDERS = Number(process.env.LOAD_ACTIVE_PROVIDERS ?? 100);
/** One active client in this many signs in with its password (0: none); the others have a session. */
const SIGN_IN_EVERY = Number(process.env.LOAD_SIGN_IN_EVERY ?? 5);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 3000);
/** Production's password hashing cost (config.ts); LOAD_SCRYPT_N=1024 shows what the hashes cost the rest. */
const SCRYPT_N = Number(process.env.LOAD_SCRYPT_N ?? 131072);
const GOALS = { read: 100, page: 100, write: 250 };
const LEAD_GOAL_S = 10;
const LIVE_GOAL_MS = 500;

const logOf = (index: number) => path.join(os.tmpdir(), `automatch-load-${index + 1}.log`);

type Server = { proc: ChildProcess; origin: string; stderr: () => string };

/** Every server started, killed if this script ends before it stops them. */
const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

function startServer(url: string, index: number): Promise<Server> {
  // LOAD_CPU_PROF=1: the first process writes a CPU profile (.cpuprofile) to LOAD_CPU_PROF_DIR when it stops.
  const profile =
    process.env.LOAD_CPU_PROF === "1" && index === 0
      ? ["--cpu-prof", `--cpu-prof-dir=${process.env.LOAD_CPU_PROF_DIR ?? os.tmpdir()}`]
      : [];
  const proc = spawn(process.execPath, ["--enable-source-maps", ...profile, "dist/server/main.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATABASE_URL: url,
      HOST: "127.0.0.1",
      PORT: "0",
      MAIL_DISABLED: "true",
      // The load balancer in front (this script) is the one proxy: the person's address is its X-Forwarded-For.
      TRUST_PROXY: "127.0.0.1",
      METRICS_TOKEN: "load-test-metrics",
    },
    // Its log (one line a request, as in production) goes to a file, for the errors' references.
    stdio: ["ignore", fs.openSync(logOf(index), "w"), "pipe", "ipc"],
  });
  children.push(proc);
  let err = "";
  proc.stderr?.on("data", (d) => {
    err += d;
  });
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(
      () => reject(new Error(`server ${index} did not start within a minute: ${err}`)),
      60_000,
    );
    proc.on("message", (m: { type?: string; port?: number }) => {
      if (m.type !== "listening") return;
      clearTimeout(timeout);
      resolve({ proc, origin: `http://127.0.0.1:${m.port}`, stderr: () => err });
    });
    proc.on("exit", (code) => {
      clearTimeout(timeout);
      reject(new Error(`server ${index} exited (${code}): ${err}`));
    });
  });
}

/** The peak resident memory of a process so far (Linux's VmHWM), in MiB. */
function peakMemoryMiB(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

async function run(url: string, c: pg.Client, cast: Cast) {
  const streams = new Streams();
  let balancer: Balancer | undefined;
  let metrics: ReturnType<typeof sampleMetrics> | undefined;
  try {
    const servers = await Promise.all(Array.from({ length: PROCESSES }, (_, i) => startServer(url, i)));
    const origins = servers.map((s) => s.origin);
    const recorder = new Recorder();
    balancer = new Balancer(origins, recorder);
    // Half the active clients have a request with quotes already; the other half submit one. One in
    // five signs in with a password; the others come back with the session they have.
    const half = Math.floor(ACTIVE_CLIENTS / 2);
    const withHistory = cast.clients.slice(0, half);
    const newcomers = cast.clients.slice(cast.clients.length - (ACTIVE_CLIENTS - half));
    // Every provider and active client has a tab open, and as many other clients as make STREAMS.
    const watchers = [
      ...cast.providers,
      ...newcomers,
      ...cast.clients.slice(0, Math.max(0, STREAMS - cast.providers.length - newcomers.length)),
    ];
    const t0 = performance.now();
    await streams.open(watchers, origins);
    console.log(
      `${streams.opened} live streams open in ${((performance.now() - t0) / 1000).toFixed(1)} s (${streams.failed} refused)`,
    );

    const owners = await c.query<{ id: number; client_id: number }>("select id, client_id from quote_requests");
    const slugOwners = await c.query<{ slug: string; user_id: number }>("select slug, user_id from companies");
    const world: World = {
      balancer,
      streams,
      until: performance.now() + (WARMUP_SECONDS + SECONDS) * 1000,
      requestOwner: new Map(owners.rows.map((r) => [r.id, r.client_id])),
      slugOwner: new Map(slugOwners.rows.map((r) => [r.slug, r.user_id])),
      slugs: cast.slugs,
      thinkMs: THINK_MS,
    };
    const ramp = (i: number, n: number) => new Promise((r) => setTimeout(r, (i / n) * WARMUP_SECONDS * 1000));
    const signsIn = (i: number) => SIGN_IN_EVERY > 0 && i % SIGN_IN_EVERY === 0;
    // Those who sign in arrive at random through the run, as people do through a day; the others, back
    // with the session they have, are there from the warm-up on.
    const arrive = (i: number, n: number) =>
      signsIn(i)
        ? new Promise((r) => setTimeout(r, Math.random() * 0.9 * (WARMUP_SECONDS + SECONDS) * 1000))
        : ramp(i, n);
    const visitors = Array.from({ length: VISITORS }, (_, i) => ({
      id: 0,
      email: "",
      cookie: "",
      ip: `172.16.0.${i + 1}`,
    }));
    const actors = [
      ...visitors.map((v, i) => ramp(i, VISITORS).then(() => visitor(world, v))),
      ...withHistory.map((p, i) => arrive(i, half).then(() => client(world, p, { signIn: signsIn(i), submit: false }))),
      ...newcomers.map((p, i) =>
        arrive(i, newcomers.length).then(() => client(world, p, { signIn: signsIn(i), submit: true })),
      ),
      ...cast.providers
        .slice(0, ACTIVE_PROVIDERS)
        .map((p, i) => ramp(i, ACTIVE_PROVIDERS).then(() => provider(world, p))),
      admin(world, cast.admin),
    ];

    await new Promise((r) => setTimeout(r, WARMUP_SECONDS * 1000));
    const before: Usage = {
      servers: servers.map((s) => cpuSeconds(s.proc.pid)),
      postgres: await postgresCpuSeconds(c),
      self: process.cpuUsage(),
      machine: machineTicks(),
    };
    const measuredFrom = new Date();
    recorder.measuring = true;
    streams.measuring = true;
    metrics = sampleMetrics(origins, "load-test-metrics");
    const t1 = performance.now();
    await Promise.all(actors);
    const measured = (performance.now() - t1) / 1000;
    recorder.measuring = false;
    const after: Usage = {
      servers: servers.map((s) => cpuSeconds(s.proc.pid)),
      postgres: await postgresCpuSeconds(c),
      self: process.cpuUsage(),
      machine: machineTicks(),
    };
    const peaks = await metrics.stop();
    // The leads of the last requests, and their events, may still be on their way.
    await waitForLeads(c, measuredFrom);
    await new Promise((r) => setTimeout(r, 1000));

    console.log(
      `\nA marketplace day on ${PROCESSES} processes and one PostgreSQL, ${os.cpus().length} cores: ${measured.toFixed(0)} s measured after a ${WARMUP_SECONDS} s warm-up; ${VISITORS} visitors, ${ACTIVE_CLIENTS} clients and ${ACTIVE_PROVIDERS} providers active (pauses of 0-${2 * THINK_MS} ms), an admin, ${streams.opened} open streams (${new Date().toISOString()})\n`,
    );
    const table = recorder.print(measured, { ...GOALS, "sign-in": scryptMs + GOALS.write });
    let failed = [...table.failed];
    const leads = await leadTimes(c, measuredFrom);
    console.log(
      `\n| submit to lead | requests | p50 | p99 | slowest | without leads | goal (every lead < ${LEAD_GOAL_S} s) |\n| --- | --- | --- | --- | --- | --- | --- |`,
    );
    const leadOk = leads.undelivered === 0 && leads.max < LEAD_GOAL_S * 1000;
    console.log(
      `| in the database (the request's transaction to its first lead's) | ${leads.count} | ${leads.p50.toFixed(0)} ms | ${leads.p99.toFixed(0)} ms | ${leads.max.toFixed(0)} ms | ${leads.undelivered} | ${leadOk ? "PASS" : "FAIL"} |`,
    );
    console.log(
      `| on the client's stream (submit call to \`lead\` event) | ${streams.submitToLead.length} | ${pct(streams.submitToLead, 50).toFixed(0)} ms | ${pct(streams.submitToLead, 99).toFixed(0)} ms | ${Math.max(0, ...streams.submitToLead).toFixed(0)} ms | | |`,
    );
    if (!leadOk) failed.push("submit to lead");
    const liveP99 = pct(streams.delivery, 99);
    const liveOk = liveP99 < LIVE_GOAL_MS && streams.missing() === 0 && streams.dropped === 0;
    console.log(
      `\n| live events (write call to the other side's stream) | events | p50 | p99 | never came | streams dropped | goal (p99 < ${LIVE_GOAL_MS} ms) |\n| --- | --- | --- | --- | --- | --- | --- |\n| quotes, messages, hires | ${streams.delivery.length} | ${pct(streams.delivery, 50).toFixed(0)} ms | ${liveP99.toFixed(0)} ms | ${streams.missing()} | ${streams.dropped} | ${liveOk ? "PASS" : "FAIL"} |`,
    );
    if (!liveOk) failed.push("live events");
    printWhereTimeWent(servers, before, after, measured, peaks);
    printServerErrors();
    if (table.errors > 0) failed.push(`${table.errors} errors`);
    failed = failed.filter(Boolean);
    console.log(failed.length === 0 ? "\nEvery goal met." : `\nMissed: ${failed.join("; ")}`);
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    await metrics?.stop();
    streams.close();
    balancer?.close();
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.all(
      children.map((child) => new Promise((r) => (child.exitCode !== null ? r(null) : child.on("exit", r)))),
    );
  }
}

function printWhereTimeWent(
  servers: Server[],
  before: Usage,
  after: Usage,
  seconds: number,
  peaks: Awaited<ReturnType<ReturnType<typeof sampleMetrics>["stop"]>>,
) {
  console.log(
    "\n| process | CPU (of one core) | peak memory | event-loop lag p99 (max) | pool waiting (max) |\n| --- | --- | --- | --- | --- |",
  );
  servers.forEach((s, i) => {
    const cpu = ((after.servers[i] ?? 0) - (before.servers[i] ?? 0)) / seconds;
    const peak = peaks[i];
    console.log(
      `| app ${i + 1} | ${(cpu * 100).toFixed(0)} % | ${peakMemoryMiB(s.proc.pid).toFixed(0)} MiB | ${((peak?.lagP99 ?? Number.NaN) * 1000).toFixed(0)} ms | ${peak?.poolWaiting ?? "?"} |`,
    );
  });
  console.log(
    `| PostgreSQL (the backends of this database) | ${(((after.postgres - before.postgres) / seconds) * 100).toFixed(0)} % | | | |`,
  );
  const m = (k: keyof Usage["machine"]) => after.machine[k] - before.machine[k];
  const all = m("user") + m("system") + m("softirq") + m("idle");
  const share = (n: number) => `${((100 * n) / all).toFixed(0)} %`;
  console.log(
    `| the machine, all ${os.cpus().length} cores | ${share(all - m("idle"))} busy (user ${share(m("user"))}, kernel ${share(m("system"))}, network interrupts ${share(m("softirq"))}) | | | |`,
  );
  const self = { user: after.self.user - before.self.user, system: after.self.system - before.self.system };
  console.log(
    `| this load generator | ${(((self.user + self.system) / 1e6 / seconds) * 100).toFixed(0)} % | ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB | | |`,
  );
}

/** The errors and warnings the processes logged, counted by message, with one reference each. */
function printServerErrors() {
  const seen = new Map<string, { count: number; reqId?: string }>();
  for (let i = 0; i < PROCESSES; i++) {
    for (const line of fs.readFileSync(logOf(i), "utf8").split("\n")) {
      if (!line.startsWith("{")) continue;
      const entry = JSON.parse(line) as { level: number; msg?: string; reqId?: string; err?: { message?: string } };
      if (entry.level < 40) continue;
      const key = `${entry.level >= 50 ? "error" : "warning"}: ${entry.msg}${entry.err?.message ? `: ${entry.err.message.slice(0, 200)}` : ""}`;
      const had = seen.get(key);
      if (had) had.count += 1;
      else seen.set(key, { count: 1, reqId: entry.reqId });
    }
  }
  if (seen.size === 0) return;
  console.log(`\nLogged by the processes (their logs: ${logOf(0)} ...):`);
  for (const [key, { count, reqId }] of seen) console.log(`  ${count} × ${key}${reqId ? ` (e.g. ${reqId})` : ""}`);
}

/** Waits (up to the goal and a little) for every request submitted since `from` to have its leads. */
async function waitForLeads(c: pg.Client, from: Date) {
  const until = Date.now() + (LEAD_GOAL_S + 5) * 1000;
  while (Date.now() < until) {
    const { rows } = await c.query<{ n: number }>(
      "select count(*)::int as n from quote_requests r where r.created_at >= $1 and not exists (select 1 from leads l where l.quote_request_id = r.id)",
      [from],
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Submit-to-lead of the requests submitted since `from`, from the rows' own times. */
async function leadTimes(c: pg.Client, from: Date) {
  const { rows } = await c.query<{ ms: number | null }>(
    `select extract(epoch from (select min(l.created_at) from leads l where l.quote_request_id = r.id) - r.created_at) * 1000 as ms
     from quote_requests r where r.created_at >= $1`,
    [from],
  );
  const ms = rows.flatMap((r) => (r.ms === null ? [] : [Number(r.ms)]));
  return {
    count: rows.length,
    undelivered: rows.length - ms.length,
    p50: pct(ms, 50),
    p99: pct(ms, 99),
    max: Math.max(0, ...ms),
  };
}

let scryptMs = 0;

async function main() {
  if (!fs.existsSync("dist/server/main.js") || !fs.existsSync("dist/web/index.html")) {
    throw new Error("No build: run `npm run build` first (npm run load does).");
  }
  const t0 = performance.now();
  const passwordHash = await hashPassword(PASSWORD, SCRYPT_N);
  scryptMs = performance.now() - t0;
  console.log(
    `One password hash (scrypt N=${SCRYPT_N}${SCRYPT_N === 131072 ? ", production's" : ""}) takes ${scryptMs.toFixed(0)} ms here: sign-in's floor.`,
  );

  // A database of its own, its schema made as a first start makes it, dropped after.
  await withBenchDatabase("load", async ({ url }) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const t1 = performance.now();
      const cast = await seedCast(c, passwordHash);
      console.log(
        `Seeded ${cast.clients.length} clients, ${cast.providers.length} providers and an admin, with their history, in ${((performance.now() - t1) / 1000).toFixed(1)} s.`,
      );
      await run(url, c, cast);
    } finally {
      await c.end();
    }
  });
}

runBench(main);
