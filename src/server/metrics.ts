// What an operator's Prometheus reads at GET /metrics (decision 161): one registry per app, so that the
// tests' apps in one process keep their own counts. Labels are bounded: a route's pattern, never its
// path; a queue's name; an outcome. No id or address is ever a label.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { JobName } from "./jobs/queue";

/** What a gauge reads when it is scraped; a reading that fails leaves the last value, and is logged. */
export type MetricReaders = {
  /** The job queues' waiting jobs: how many, and how long the oldest due one has waited. */
  queues: () => Promise<{ queue: JobName; depth: number; oldestSeconds: number }[]>;
  /** Emails waiting in the outbox to be sent (or sent again). */
  emailsWaiting: () => Promise<number>;
  /** Webhook deliveries still to be sent, or sent again. */
  webhooksWaiting: () => Promise<number>;
  /** The PostgreSQL pool's connections; null on the embedded database, which has none. */
  pool: () => { inUse: number; idle: number; waiting: number } | null;
  warn: (obj: object, msg: string) => void;
};

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
const SUBMIT_TO_LEAD_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600];

export type MetricsOptions = {
  /**
   * The process's own figures (event-loop lag, heap, CPU, handles): on in a server process. Tests that
   * build many apps in one process leave them off, as each set samples the event loop on a timer.
   */
  process?: boolean;
};

export function createMetrics(options: MetricsOptions = {}) {
  const registry = new Registry();
  if (options.process) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  let readers: MetricReaders | null = null;
  /** Runs a reading for a gauge; a failing one (the database away) leaves the gauge as it was. */
  const read = async <T>(what: string, reading: (r: MetricReaders) => Promise<T> | T): Promise<T | null> => {
    if (!readers) return null;
    try {
      return await reading(readers);
    } catch (err) {
      readers.warn({ err }, `metrics: could not read ${what}`);
      return null;
    }
  };

  /** A counter, a histogram and a gauge (with what it reads when scraped) of this registry. */
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, buckets: number[], labelNames: readonly L[] = []) =>
    new Histogram<L>({ name, help, labelNames, buckets, registers });
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (this: Gauge<L>) => Promise<void>,
  ) => new Gauge<L>({ name, help, labelNames, registers, collect });

  /** A gauge of one number, read from the database when scraped; left as it was when the read fails. */
  const countGauge = (name: string, help: string, what: string, reading: (r: MetricReaders) => Promise<number>) =>
    gauge(name, help, [], async function () {
      const value = await read(what, reading);
      if (value !== null) this.set(value);
    });

  const queueOldest = gauge(
    "automatch_job_queue_oldest_seconds",
    "How long the oldest job of the queue that is due has waited to start.",
    ["queue"],
  );

  return {
    registry,
    /** Hands the gauges what they read at each scrape (wiring.ts, once the database and queue exist). */
    read(from: MetricReaders) {
      readers = from;
    },
    http: {
      requests: counter(
        "automatch_http_requests_total",
        "HTTP requests answered, by route pattern, method and status.",
        ["method", "route", "status"],
      ),
      duration: histogram(
        "automatch_http_request_duration_seconds",
        "Time from a request's arrival to its answer, by route pattern and method.",
        LATENCY_BUCKETS,
        ["method", "route"],
      ),
    },
    database: {
      pool: gauge(
        "automatch_db_pool_connections",
        "The PostgreSQL pool's connections by state (in_use, idle), and requests waiting for one (waiting).",
        ["state"],
        async function () {
          const pool = await read("the database pool", (r) => r.pool());
          if (!pool) return;
          this.set({ state: "in_use" }, pool.inUse);
          this.set({ state: "idle" }, pool.idle);
          this.set({ state: "waiting" }, pool.waiting);
        },
      ),
    },
    jobs: {
      depth: gauge(
        "automatch_job_queue_depth",
        "Jobs waiting in the queue (due or delayed).",
        ["queue"],
        async function () {
          const queues = await read("the job queues", (r) => r.queues());
          for (const q of queues ?? []) {
            this.set({ queue: q.queue }, q.depth);
            queueOldest.set({ queue: q.queue }, q.oldestSeconds);
          }
        },
      ),
      oldest: queueOldest,
      runSeconds: histogram(
        "automatch_job_run_seconds",
        "How long a job's run took, by queue and outcome (completed, failed).",
        JOB_BUCKETS,
        ["queue", "outcome"],
      ),
      failures: counter(
        "automatch_job_failures_total",
        "Job runs that failed (each is retried until its queue's limit).",
        ["queue"],
      ),
      retries: counter("automatch_job_retries_total", "Job runs that were a retry of an earlier failed or lost run.", [
        "queue",
      ]),
    },
    submitToLead: histogram(
      "automatch_submit_to_lead_seconds",
      "From a quote request's submission to its first leads' delivery.",
      SUBMIT_TO_LEAD_BUCKETS,
    ),
    emails: {
      outcomes: counter(
        "automatch_emails_total",
        "Emails the sender handled, by outcome: sent, retrying (a failure tried again later), failed (given up).",
        ["outcome"],
      ),
      waiting: countGauge(
        "automatch_emails_waiting",
        "Emails in the outbox still to be sent, or sent again.",
        "the email outbox",
        (r) => r.emailsWaiting(),
      ),
    },
    webhooks: {
      outcomes: counter(
        "automatch_webhook_deliveries_total",
        "Webhook attempts by outcome: delivered, retrying (a failure tried again later), failed (given up).",
        ["outcome"],
      ),
      attemptSeconds: histogram(
        "automatch_webhook_attempt_seconds",
        "How long a webhook attempt took, by result: 2xx, other status, no answer (refused, time-out, error).",
        LATENCY_BUCKETS,
        ["result"],
      ),
      disabled: counter(
        "automatch_webhook_endpoints_disabled_total",
        "Webhook endpoints turned off after a day of failures.",
      ),
      waiting: countGauge(
        "automatch_webhook_deliveries_waiting",
        "Webhook deliveries still to be sent, or sent again.",
        "the webhook deliveries",
        (r) => r.webhooksWaiting(),
      ),
    },
    live: {
      streams: gauge("automatch_live_streams_open", "Live-update streams (Server-Sent Events) open on this process."),
      events: counter("automatch_live_events_sent_total", "Live events written to streams, by event type.", ["type"]),
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
