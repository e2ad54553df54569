// GET /metrics (decision 161): who may read it, and each family moving when its event happens. The
// live streams' figures are tested with the streams (live/live.test.ts), the emails' with the sender
// (notifications/mail.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import type { Config } from "./config";
import { JOB_NAMES } from "./jobs/queue";
import { startWorkers } from "./jobs/workers";
import { createMetrics } from "./metrics";
import { createProvider } from "./test/fixtures";
import { metricValue, sampleValue } from "./test/metrics";
import { submitRequest } from "./test/scenarios";
import { sharedTestContext } from "./test/shared-context";
import { createUser, type TestUser } from "./test/test-app";
import { waitFor } from "./test/wait";

const ctx = sharedTestContext({}, { metrics: createMetrics({ process: true }) });
const TOKEN = "metrics-token-0123456789";

const FAMILIES = [
  "automatch_http_requests_total",
  "automatch_http_request_duration_seconds",
  "automatch_db_pool_connections",
  "automatch_job_queue_depth",
  "automatch_job_queue_oldest_seconds",
  "automatch_job_run_seconds",
  "automatch_job_failures_total",
  "automatch_job_retries_total",
  "automatch_submit_to_lead_seconds",
  "automatch_emails_total",
  "automatch_emails_waiting",
  "automatch_live_streams_open",
  "automatch_live_events_sent_total",
  // The process's own: event-loop lag and heap.
  "nodejs_eventloop_lag_seconds",
  "nodejs_heap_size_used_bytes",
];

const value = (name: string, labels: Record<string, string> = {}) => metricValue(ctx.deps.metrics, name, labels);

/** An app on the test's deps with other metrics settings: who may read /metrics is decided at build. */
async function appWith(change: Partial<Config>) {
  const app = await buildApp({ ...ctx.deps, config: { ...ctx.deps.config, ...change } }, { serveWeb: false });
  await app.ready();
  return app;
}

describe("GET /metrics", () => {
  it("answers openly outside production, in Prometheus's text format, with every family described", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    for (const family of FAMILIES) expect(res.body).toContain(`# HELP ${family} `);
    expect(sampleValue(res.body, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    // Every queue has its figures, empty or not.
    for (const queue of Object.values(JOB_NAMES)) {
      expect(sampleValue(res.body, "automatch_job_queue_depth", { queue })).not.toBeNull();
    }
  });

  it("with METRICS_TOKEN answers only its bearer; in production without one, not on the app's port", async () => {
    const guarded = await appWith({ metrics: { token: TOKEN, port: null } });
    const production = await appWith({ env: "production", metrics: { token: null, port: null } });
    const ownPort = await appWith({ metrics: { token: null, port: 9464 } });
    try {
      for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, TOKEN]) {
        const res = await guarded.inject({
          method: "GET",
          url: "/metrics",
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode).toBe(401);
        expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
        expect(res.json().message).toMatch(/METRICS_TOKEN/);
      }
      const allowed = await guarded.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain("# HELP automatch_http_requests_total ");
      for (const app of [production, ownPort]) {
        expect((await app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
      }
    } finally {
      await Promise.all([guarded.close(), production.close(), ownPort.close()]);
    }
  });
});

describe("what the metrics count", () => {
  let client: TestUser;
  beforeAll(async () => {
    client = await createUser(ctx, "client", "metrics-client");
  });

  it("each answer by route pattern, method and status, and its time; never a path with an id", async () => {
    const unauthorized = { method: "GET", route: "/api/auth/user", status: "401" };
    const missing = { method: "GET", route: "/api/providers/:slug", status: "404" };
    const before = [
      await value("automatch_http_requests_total", unauthorized),
      await value("automatch_http_requests_total", missing),
    ];
    const timedBefore = await value("automatch_http_request_duration_seconds_count", {
      method: "GET",
      route: "/api/auth/user",
    });
    await ctx.app.inject({ method: "GET", url: "/api/auth/user" });
    await ctx.app.inject({ method: "GET", url: "/api/auth/user" });
    expect((await ctx.app.inject({ method: "GET", url: "/api/providers/no-such-provider-7421" })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: "/api/no-such-route" })).statusCode).toBe(404);

    expect(await value("automatch_http_requests_total", unauthorized)).toBe((before[0] ?? 0) + 2);
    expect(await value("automatch_http_requests_total", missing)).toBe((before[1] ?? 0) + 1);
    expect(
      await value("automatch_http_request_duration_seconds_count", { method: "GET", route: "/api/auth/user" }),
    ).toBe(timedBefore + 2);
    expect(await value("automatch_http_requests_total", { route: "(no route)", status: "404" })).toBeGreaterThan(0);
    const text = await ctx.deps.metrics.registry.metrics();
    expect(text).not.toContain("no-such-provider-7421");
    expect(text).not.toContain("no-such-route");
  });

  it("a run that fails is counted, and so is its retry", async () => {
    // A queue of this file's own, whose handler fails on purpose: the queue counts what happens to it.
    const queue = JOB_NAMES.checkMatchDeadlines;
    let runs = 0;
    await ctx.jobs.work(queue, async () => {
      runs += 1;
      throw new Error("failing on purpose");
    });
    await ctx.jobs.send(queue, {});
    // Its queue retries once, at once.
    await waitFor(
      async () => ((await value("automatch_job_retries_total", { queue })) >= 1 && runs >= 2 ? true : undefined),
      20_000,
      "the failed run is retried",
    );
    expect(await value("automatch_job_failures_total", { queue })).toBeGreaterThanOrEqual(2);
    expect(await value("automatch_job_run_seconds_count", { queue, outcome: "failed" })).toBeGreaterThanOrEqual(2);
  });

  it("a queue's waiting jobs and the oldest one's age, a run's time, and submit-to-lead", async () => {
    await createProvider(ctx);
    const queue = JOB_NAMES.matchQuoteRequest;
    const submittedBefore = await value("automatch_submit_to_lead_seconds_count");
    // No workers yet: the request's match job waits.
    await submitRequest(ctx, client);
    expect(await value("automatch_job_queue_depth", { queue })).toBe(1);
    expect(await value("automatch_job_queue_oldest_seconds", { queue })).toBeGreaterThanOrEqual(0);

    await startWorkers(ctx.deps, { schedules: false });
    await waitFor(
      async () => ((await value("automatch_submit_to_lead_seconds_count")) > submittedBefore ? true : undefined),
      20_000,
      "the first leads are delivered",
    );
    expect(await value("automatch_job_run_seconds_count", { queue, outcome: "completed" })).toBeGreaterThanOrEqual(1);
    expect(await value("automatch_job_queue_depth", { queue })).toBe(0);
    expect(await value("automatch_job_queue_oldest_seconds", { queue })).toBe(0);
    // The request was submitted moments ago: its time to the first leads is the job's wait and run.
    expect(await value("automatch_submit_to_lead_seconds_sum")).toBeLessThan(20);
  });

  it("the PostgreSQL pool's connections; the embedded database, which has no pool, shows none", async () => {
    const idle = sampleValue(await ctx.deps.metrics.registry.metrics(), "automatch_db_pool_connections", {
      state: "idle",
    });
    if (ctx.database.pool) {
      expect(idle).toBeGreaterThanOrEqual(0);
      expect(await value("automatch_db_pool_connections", { state: "waiting" })).toBe(0);
    } else {
      expect(idle).toBeNull();
    }
  });
});
