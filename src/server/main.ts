// Starts the process: config, database, jobs, HTTP, graceful shutdown.
import { buildApp } from "./app";
import { ConfigError, loadConfig, MAILBOX_PATH } from "./config";
import { openDatabase } from "./db/client";
import { diskTooFull } from "./db/disk";
import { DataDirLockedError } from "./db/lock";
import { isDatabaseUnavailable } from "./db/unavailable";
import { EMBEDDED_IN_PRODUCTION } from "./features/admin/system";
import { metricsOnAppPort, serveMetricsPort } from "./http/metrics";
import { trackOpenRequests } from "./http/open-requests";
import { createJobQueue } from "./jobs/queue";
import { startWorkers } from "./jobs/workers";
import { createLogger } from "./logger";
import { createMetrics } from "./metrics";
import { DEMO_ACCOUNTS, DEMO_OTHER_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "./seed";
import { createAppDeps } from "./wiring";

// Within the 30 s a container runtime gives between SIGTERM and SIGKILL, leaving time for jobs and the database.
const SHUTDOWN_GRACE_MS = 15_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config);
  // The last guard (decision 143): a database that is away, or a full disk, failing a promise nobody
  // awaits (a library's background statement) is logged, not a reason to end the process. Any other
  // unhandled rejection is a bug, and still ends it.
  process.on("unhandledRejection", (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    log.error({ err: reason }, "a background database statement failed: the database is unavailable");
  });

  // A start on a full disk would abort inside the embedded database with no word of why (decision 143).
  const tooFull = diskTooFull(config.database);
  if (tooFull) {
    log.fatal(`cannot start: ${tooFull}`);
    process.exit(4);
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config.database, log, config.databaseLimits);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      log.fatal(err.message);
      process.exit(3);
    }
    log.fatal({ err }, "could not open the database");
    process.exit(1);
  }
  log.info(
    config.database.kind === "pglite"
      ? `database: embedded PGlite in ${config.database.dataDir}`
      : "database: PostgreSQL (DATABASE_URL)",
  );
  if (config.database.kind === "pglite" && config.env === "production") {
    log.warn(EMBEDDED_IN_PRODUCTION);
  }

  const jobs = createJobQueue(database, log, { settings: config.jobs });
  await jobs.start();
  const deps = createAppDeps({ config, database, jobs, log, metrics: createMetrics({ process: true }) });

  if (config.demoData) {
    const seeded = await seedDemoData(deps);
    if (seeded) log.info("demo data loaded (first start)");
  }

  await startWorkers(deps);

  const app = await buildApp(deps, { logger: log });
  const openRequests = trackOpenRequests(app);

  let closing = false;
  let endDrain = () => {};
  const shutdown = async (signal: string) => {
    if (closing) {
      // A second signal: the operator does not want to wait for the drain.
      endDrain();
      return;
    }
    closing = true;
    // The drain (decision 144): the load balancer sees readiness fail and stops sending here, while the
    // connections it opened meanwhile are still served, each answer closing its connection.
    deps.lifecycle.draining = true;
    const { drainMs } = config.http;
    if (drainMs > 0) {
      log.info(`${signal}: readiness answers 503; still serving for ${drainMs / 1000} s before closing`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    const inFlight = openRequests();
    log.info(
      `${signal}: finishing in-flight requests and jobs, then closing the database; ${inFlight.length} requests open${inFlight.length > 0 ? `: ${inFlight.join(", ")}` : ""}`,
    );
    // A client that never finishes its request must not keep the process (and the data folder) forever.
    const deadline = setTimeout(() => {
      log.warn(
        `requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections (${openRequests().join(", ")})`,
      );
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      await app.close();
      clearTimeout(deadline);
      await jobs.stop();
      await database.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  // The metrics' own port (decision 161); it ends with the process.
  if (config.metrics.port !== null) await serveMetricsPort(deps.metrics, config.metrics.port, config.host);
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // PORT=0 takes a free port: without PUBLIC_URL, the links in emails use the port it got.
  if (config.port === 0 && !process.env.PUBLIC_URL) deps.appUrl = `http://localhost:${port}`;
  log.info(`Automatch is running at http://localhost:${port}`);
  const metricsAccess = metricsOnAppPort(config.metrics, config.env);
  if (config.metrics.port !== null) log.info(`metrics: GET /metrics on port ${config.metrics.port}`);
  if (metricsAccess !== "off") {
    log.info(
      `metrics: GET /metrics on the app's port${metricsAccess === "token" ? ", with METRICS_TOKEN as a bearer token" : ""}`,
    );
  } else if (config.metrics.port === null) {
    log.info("metrics: off; set METRICS_PORT (a port of their own) or METRICS_TOKEN to serve GET /metrics");
  }
  if (config.mail.delivery === "mailbox") {
    log.info(`email: no SMTP_URL, so nothing is sent; read every email at ${deps.appUrl}${MAILBOX_PATH}`);
  } else if (config.mail.delivery === "off") {
    log.warn("email is off (MAIL_DISABLED): nobody can confirm an account or reset a password");
  }
  // A parent that started this process with an IPC channel (the browser tests) learns the port from it.
  process.send?.({ type: "listening", port });
  if (config.demoData) {
    for (const a of DEMO_ACCOUNTS) {
      log.info(`demo ${a.userType} account: ${a.email} / password ${DEMO_PASSWORD}`);
    }
    log.info(
      `the demo's other clients and providers, same password: ${DEMO_OTHER_ACCOUNTS.map((a) => a.email).join(", ")}`,
    );
  }
}

main().catch((err) => {
  process.stderr.write(`fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
