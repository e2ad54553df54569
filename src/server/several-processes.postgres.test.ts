// Three app processes on one PostgreSQL database, as behind a load balancer (decision 126, docs/deploy.md):
// real server children (`serverArgs()`: the current build, or the sources through tsx) on a fresh database, started at once. A session
// made on one works on the others; a burst spread over all three is matched exactly once; the
// minutely sweeps run once per minute across them; and a process killed in the middle of a match job
// loses nothing: the job expires and another process matches the request; files uploaded on one are
// attached on another and read from a third, and 20 uploads of 25 MB at once (four people, five each)
// keep a process's memory flat.
// Short job timings come
// from the environment; the match job is caught mid-way by the test-only hold (TEST_HOLD_MATCH_TITLE).
import fs from "node:fs";
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_MAX_BYTES } from "@/shared/files";
import { hashPassword } from "./features/auth/password";
import { createTestDatabase } from "./test/databases";
import { quoteRequestBody } from "./test/fixtures";
import { processSpawner, type Started, serverArgs } from "./test/processes";
import { startWebhookReceiver, type WebhookReceiver } from "./test/webhook-receiver";

const spawn = processSpawner();
const HELD_TITLE = "Held by the test until its process is killed";
const PASSWORD = "several-processes-pass";
const CLIENTS = 6;
const BURST = 30;

type App = { started: Started; url: string };
let apps: App[] = [];
let db: pg.Client;
let drop: () => Promise<void>;
let startedAt: Date;
let receiver: WebhookReceiver;
let databaseUrl: string;

async function waitFor<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
) {
  const until = Date.now() + 40_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) {
      throw new Error(
        `timed out waiting for ${what}; the processes said:\n${apps.map((a) => a.started.output()).join("\n")}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function one<T>(text: string, values: unknown[] = []): Promise<T> {
  const { rows } = await db.query(text, values);
  return rows[0] as T;
}

function startApp(url: string, nodeArgs: string[] = []): Started {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawn(process.execPath, [...nodeArgs, ...serverArgs()], {
    ...env,
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    DATABASE_URL: url,
    PORT: "0",
    HOST: "127.0.0.1",
    PASSWORD_SCRYPT_N: "1024",
    // The test sends a client's requests as fast as it can, past a person's allowance (decision 144).
    WRITE_LIMIT_FACTOR: "100",
    // Three processes and the test's other files share the server's connections; two matches at once
    // leave two connections for requests, as docs/deploy.md asks (concurrency well under the pool).
    DATABASE_POOL_MAX: "4",
    JOB_CONCURRENCY: "2",
    // A crashed match is taken for lost after 15 s (long enough that the held job is still active when
    // the test looks, however loaded the machine), looked for every second, retried 1-2 s later.
    JOB_MATCH_EXPIRE_SECONDS: "15",
    JOB_MAINTENANCE_SECONDS: "1",
    JOB_RETRY_DELAY_SECONDS: "1",
    JOB_POLL_SECONDS: "0.5",
    // Each process asks every second whether a scheduled job is due.
    JOB_CRON_CHECK_SECONDS: "1",
    TEST_HOLD_MATCH_TITLE: HELD_TITLE,
    // The providers' webhook endpoints are the test's local receiver.
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true",
  });
}

async function call(app: App, path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) {
  const res = await fetch(`${app.url}${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown>, headers: res.headers };
}

async function signIn(app: App, email: string): Promise<string> {
  const res = await call(app, "/api/auth/sign-in", { method: "POST", body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  const cookie = /sid=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

async function submit(app: App, cookie: string, title: string): Promise<number> {
  const res = await call(app, "/api/quote-requests", {
    method: "POST",
    cookie,
    body: { ...quoteRequestBody(), title },
  });
  expect(res.status).toBe(201);
  return Number(res.json.id);
}

/** Requests with these titles, with how many leads each has and how many lead emails name it. */
async function deliveries(titles: string[]) {
  const { rows } = await db.query<{ title: string; leads: number; distinct_companies: number; emails: number }>(
    `select r.title,
            (select count(*)::int from leads l where l.quote_request_id = r.id) as leads,
            (select count(distinct l.company_id)::int from leads l where l.quote_request_id = r.id) as distinct_companies,
            (select count(*)::int from email_outbox e where e.kind = 'lead.delivered' and e.subject = 'New lead: ' || r.title) as emails
     from quote_requests r where r.title = any($1)`,
    [titles],
  );
  return rows;
}

beforeAll(async () => {
  const made = await createTestDatabase("postgres", { empty: true });
  if (made.database.kind !== "postgres") throw new Error("needs PostgreSQL");
  const url = made.database.url;
  drop = made.drop;
  receiver = await startWebhookReceiver();
  db = new pg.Client({ connectionString: url });
  await db.connect();
  startedAt = (await one<{ now: Date }>("select now()")).now;
  // Three processes at once on the empty database: each migrates, one after the other, under the lock.
  databaseUrl = url;
  const started = [startApp(url), startApp(url), startApp(url)];
  const ports = await Promise.all(
    started.map((s) =>
      waitFor("a process to listen", () => /is running at http:\/\/localhost:(\d+)/.exec(s.output())?.[1]),
    ),
  );
  apps = started.map((s, i) => ({ started: s, url: `http://127.0.0.1:${ports[i]}` }));

  // Five eligible providers and the clients, written as the product's tables hold them.
  const hash = await hashPassword(PASSWORD, 1024);
  for (let i = 0; i < 5; i++) {
    const user = await one<{ id: number }>(
      `insert into users (email, password_hash, first_name, last_name, user_type, email_verified_at)
       values ($1, $2, 'Pat', 'Provider', 'provider', now()) returning id`,
      [`provider-${i}@several.example.com`, hash],
    );
    const company = await one<{ id: number }>(
      `insert into companies (user_id, name, description, industry, location, country, size, specialties, status)
       values ($1, $2, 'We automate back-office processes end to end.', 'automation', 'Austin, TX', 'US', 'small',
               array['RPA', 'Workflow Automation'], 'approved') returning id`,
      [user.id, `Provider ${i} Automation`],
    );
    // Every provider takes its new leads by webhook too, each at a path of its own.
    await db.query(
      `insert into webhook_endpoints (company_id, url, events, secret) values ($1, $2, array['lead.delivered'], $3)`,
      [company.id, `${receiver.url}/${company.id}`, "whsec_c2V2ZXJhbC1wcm9jZXNzZXMtdGVzdC1zZWNyZXQ="],
    );
    await db.query(
      `insert into subscriptions (user_id, provider, customer_id, external_id, status)
       values ($1, 'demo', $2, $3, 'active')`,
      [user.id, `cus_several_${i}`, `sub_several_${i}`],
    );
  }
  for (let i = 0; i < CLIENTS; i++) {
    await db.query(
      `insert into users (email, password_hash, first_name, last_name, user_type, email_verified_at)
       values ($1, $2, 'Cleo', 'Client', 'client', now())`,
      [`client-${i}@several.example.com`, hash],
    );
  }
}, 90_000);

afterAll(async () => {
  for (const app of apps) app.started.proc.kill("SIGKILL");
  await Promise.all(apps.map((a) => a.started.exited));
  await db?.end();
  await drop?.();
  await receiver?.close();
});

describe("three app processes on one PostgreSQL database", () => {
  it("ran the migrations once, though all three started at once", async () => {
    const files = (await import("node:fs"))
      .readdirSync(new URL("./db/migrations", import.meta.url))
      .filter((f) => f.endsWith(".sql"));
    const applied = await one<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied.n).toBe(files.length);
  });

  it("a session made on one process works on the others", async () => {
    const [a, b, c] = apps as [App, App, App];
    const cookie = await signIn(a, "client-0@several.example.com");
    for (const app of [a, b, c]) {
      const me = await call(app, "/api/auth/user", { cookie });
      expect(me.status).toBe(200);
      expect(me.json.email).toBe("client-0@several.example.com");
    }
    // Signed out on one, it ends on all.
    expect((await call(b, "/api/auth/sign-out", { method: "POST", cookie })).status).toBe(204);
    expect((await call(c, "/api/auth/user", { cookie })).status).toBe(401);
  });

  it("a burst spread over all three gets every request matched exactly once", async () => {
    const titles = Array.from({ length: BURST }, (_, i) => `Burst request ${i + 1}`);
    const cookies: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      cookies.push(await signIn(apps[i % apps.length] as App, `client-${i}@several.example.com`));
    }
    // Each client submits its share to every process in turn, all clients at once.
    await Promise.all(
      cookies.map(async (cookie, lane) => {
        for (let i = lane; i < BURST; i += CLIENTS) {
          await submit(apps[i % apps.length] as App, cookie, titles[i] as string);
        }
      }),
    );
    const rows = await waitFor("every request of the burst to have its leads", async () => {
      const found = await deliveries(titles);
      return found.length === BURST && found.every((r) => r.leads === 3) ? found : null;
    });
    for (const row of rows) expect(row).toMatchObject({ leads: 3, distinct_companies: 3, emails: 3 });
    // Matched once: one job per request, none still waiting or failed. A job is marked done a statement
    // after its match committed, so the last ones may still be ending when the leads are there.
    const jobs = await waitFor("every job of the burst to end", async () => {
      const counts = await one<{ total: number; completed: number; running: number }>(
        `select count(*)::int as total, count(*) filter (where j.state = 'completed')::int as completed,
                count(*) filter (where j.state in ('created', 'retry', 'active'))::int as running
         from pgboss.job j join quote_requests r on r.id = (j.data->>'quoteRequestId')::int
         where j.name = 'match-quote-request' and r.title = any($1)`,
        [titles],
      );
      return counts.running === 0 ? counts : null;
    });
    expect(jobs).toEqual({ total: BURST, completed: BURST, running: 0 });

    // Each lead's webhook reached its provider once, though all three processes send (decision 173).
    const sent = await waitFor("every lead's webhook to be delivered", async () => {
      const counts = await one<{ leads: number; delivered: number; waiting: number }>(
        `select (select count(*)::int from leads) as leads,
                count(*) filter (where d.status = 'delivered')::int as delivered,
                count(*) filter (where d.status = 'pending')::int as waiting
         from webhook_deliveries d`,
      );
      return counts.delivered === counts.leads && counts.waiting === 0 ? counts : null;
    });
    expect(sent.leads).toBe(BURST * 3);
    const messages = receiver.received.map((r) => `${r.path} ${r.headers["webhook-id"]}`);
    expect(messages).toHaveLength(BURST * 3);
    expect(new Set(messages).size).toBe(BURST * 3);
  });

  it("files uploaded at once on all three are attached on one and downloaded whole from another (decision 176)", async () => {
    const [a, b, c] = apps as [App, App, App];
    const cookie = await signIn(a, "client-1@several.example.com");
    // Three files of 3 MB each, different bytes, each sent to its own process at the same time.
    const contents = [0, 1, 2].map((i) => {
      const bytes = Buffer.alloc(3 * 1024 * 1024, 0x41 + i);
      Buffer.from(`%PDF-1.7\n% file ${i}\n`).copy(bytes);
      return bytes;
    });
    const ids = await Promise.all(
      contents.map(async (bytes, i) => {
        const app = apps[i] as App;
        const res = await fetch(`${app.url}/api/files?name=part-${i}.pdf`, {
          method: "POST",
          headers: { cookie, "content-type": "application/pdf" },
          body: bytes,
        });
        expect(res.status, await res.clone().text()).toBe(201);
        return ((await res.json()) as { id: string }).id;
      }),
    );
    const sent = await call(b, "/api/quote-requests", {
      method: "POST",
      cookie,
      body: { ...quoteRequestBody(), title: "With files from three processes", fileIds: ids },
    });
    expect(sent.status).toBe(201);
    expect((sent.json.files as { id: string }[]).map((f) => f.id).sort()).toEqual([...ids].sort());
    for (const [i, id] of ids.entries()) {
      const res = await fetch(`${c.url}/api/files/${id}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(contents[i] as Buffer)).toBe(true);
    }
  });

  it("20 uploads of 25 MB at once (500 MB) to a process whose heap is capped at 128 MB all go through, its peak memory growing by under 200 MB", async () => {
    // A fourth process of its own: 500 MB received could never be held in its heap.
    const started = startApp(databaseUrl, ["--max-old-space-size=128"]);
    const port = await waitFor(
      "the capped process to listen",
      () => /is running at http:\/\/localhost:(\d+)/.exec(started.output())?.[1],
    );
    const app = { started, url: `http://127.0.0.1:${port}` };
    // Four people, five uploads each: one person may run six at once on a process (decision 176).
    const cookies = await Promise.all([2, 3, 4, 5].map((n) => signIn(app, `client-${n}@several.example.com`)));
    const status = (field: "VmRSS" | "VmHWM") => {
      const line = fs
        .readFileSync(`/proc/${started.proc.pid}/status`, "utf8")
        .match(new RegExp(`${field}:\\s+(\\d+) kB`));
      return Number(line?.[1]) * 1024;
    };
    const before = status("VmRSS");
    const size = FILE_MAX_BYTES;
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const body = () =>
      Readable.toWeb(
        Readable.from(
          (function* () {
            yield Buffer.from("%PDF-1.7\n");
            for (let sent = 9; sent < size; sent += chunk.length)
              yield chunk.subarray(0, Math.min(chunk.length, size - sent));
          })(),
        ),
      );
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(`${app.url}/api/files?name=large-${i}.pdf`, {
          method: "POST",
          headers: { cookie: cookies[i % cookies.length] as string, "content-type": "application/pdf" },
          body: body() as ReadableStream,
          duplex: "half",
        } as RequestInit);
        const answer = (await res.json()) as { size?: number };
        return `${res.status} ${answer.size}`;
      }),
    );
    expect(statuses).toEqual(Array.from({ length: 20 }, () => `201 ${size}`));
    const grown = status("VmHWM") - before;
    process.stdout.write(`20 x 25 MB uploads: peak resident memory grew by ${Math.round(grown / 1024 / 1024)} MB\n`);
    expect(grown).toBeLessThan(200 * 1024 * 1024);
    started.proc.kill("SIGKILL");
  }, 120_000);

  it("a process killed in the middle of a match job loses nothing: another one matches the request", async () => {
    const cookie = await signIn(apps[0] as App, "client-1@several.example.com");
    await submit(apps[0] as App, cookie, HELD_TITLE);
    // Whichever process took the job says so, and holds it: kill that one.
    const holder = await waitFor("a process to hold the match job", () =>
      apps.find((a) => a.started.output().includes("test hold: match job held")),
    );
    const job = await one<{ state: string; retry_count: number }>(
      `select state, retry_count from pgboss.job where name = 'match-quote-request' and data->>'quoteRequestId' =
         (select id::text from quote_requests where title = $1)`,
      [HELD_TITLE],
    );
    expect(job).toEqual({ state: "active", retry_count: 0 });
    holder.started.proc.kill("SIGKILL");
    await holder.started.exited;
    apps = apps.filter((a) => a !== holder);

    // The job expires, is retried, and one of the two others matches the request.
    const [row] = await waitFor("the held request to be matched after the kill", async () => {
      const found = await deliveries([HELD_TITLE]);
      return found[0]?.leads === 3 ? found : null;
    });
    expect(row).toMatchObject({ leads: 3, distinct_companies: 3, emails: 3 });
    // The queue marks the job done once its handler has returned, a statement after the match's own
    // transaction: the leads can be there while the job is still active.
    const retried = await waitFor("the retried match job to end", async () => {
      const state = await one<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job where name = 'match-quote-request' and data->>'quoteRequestId' =
           (select id::text from quote_requests where title = $1)`,
        [HELD_TITLE],
      );
      return ["completed", "failed", "cancelled"].includes(state.state) ? state : null;
    });
    expect(retried).toEqual({ state: "completed", retry_count: 1 });
    // Its outcome in the log of the process that matched it, as the line reaches this process's pipe.
    await waitFor("the retried match's outcome in a process's log", () =>
      apps.some((a) => a.started.output().includes('"outcome":{"status":"done","delivered":3')),
    );
  });

  it("ran each minutely sweep at most once per minute across the three processes", async () => {
    const sweeps = ["check-match-deadlines", "advance-demo-subscriptions"];
    const runs = async () =>
      (
        await db.query<{ name: string; n: number }>(
          `select name, count(*)::int as n from
             (select name from pgboss.job where name = any($1) union all select name from pgboss.archive where name = any($1)) j
           group by name`,
          [sweeps],
        )
      ).rows;
    // Each has run at least once (this minute's run, sent by the first check after the schedules were made).
    await waitFor("each sweep to have run", async () => (await runs()).length === sweeps.length);
    const endedAt = (await one<{ now: Date }>("select now()")).now;
    const minutes = Math.floor(endedAt.getTime() / 60_000) - Math.floor(startedAt.getTime() / 60_000) + 1;
    // Every process asked every second: three processes without pg-boss's lock and once-a-minute key
    // between them would have made a run per check.
    for (const { n } of await runs()) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(minutes);
    }
  });
});
