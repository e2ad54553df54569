// What all browser-test files need once: the built web app, and one folder for the run under the
// system's temporary folder. Most files' servers run on PostgreSQL, each on a copy of a template database
// the demo is seeded into here (decision 170). The files that ask for the embedded database (the
// product's default) copy a PGlite folder on which a server seeded the demo here too: a copy takes
// under a second, a new folder several (initdb, the migrations, the seed). The teardown removes the
// folder and the run's databases, after stopping any file's server whose worker died without stopping it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { POSTGRES_TEMPLATE_ENV, TEST_DB_PREFIX, testAdminUrl } from "../../src/server/test/databases";
import { dropRunDatabases, withAdmin } from "../../src/server/test/postgres-global-setup";
import { seedDemoOnPostgres } from "./postgres";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    runDir: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/** The folder that holds the database with the demo data, inside the run's folder. */
export const SEEDED_DATA_DIR = "seeded";
/**
 * The environment every file's server starts with, the seeding server's too: the scrypt cost is
 * lowered as in the API tests (every sign-in pays it, and the demo's hashes keep the cost they were made with),
 * and so are the write limits.
 */
export const SERVER_ENV = {
  PASSWORD_SCRYPT_N: "1024",
  // The tests set up their users' histories through the API in seconds (30 requests for the long
  // lists): a person's write allowances (decision 144) times 100. The API tests check the allowances.
  WRITE_LIMIT_FACTOR: "100",
  // No load balancer to drain for: a file's server stops at once (decision 144).
  SHUTDOWN_DRAIN_MS: "0",
} as const;
/** Each file's server writes its pid to a file with this ending in the run's folder. */
export const PID_FILE_ENDING = ".server-pid";

type Run = { runDir: string; teardown: () => Promise<void>; projects: number };
// The browser tests' two projects (vitest.e2e.config.ts) share one run: the setup of whichever comes
// first prepares it, and the teardown of the last removes it. Both run in Vitest's main process.
const RUN = Symbol.for("automatch.e2e.run");
const shared = globalThis as { [RUN]?: Promise<Run> };

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared[RUN] ??= prepareRun();
  const run = await shared[RUN];
  run.projects += 1;
  project.provide("runDir", run.runDir);
  return async () => {
    run.projects -= 1;
    if (run.projects > 0) return;
    delete shared[RUN];
    await run.teardown();
  };
}

async function prepareRun(): Promise<Run> {
  if (
    !fs.existsSync(path.join(root, "dist/web/index.html")) ||
    !fs.existsSync(path.join(root, "dist/server/main.js"))
  ) {
    throw new Error("The product is not built: run `npm run build` before the browser tests (npm test does).");
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-e2e-"));
  // The PostgreSQL databases are named after this process (createTestDatabase, in the workers too).
  process.env.VITEST_MAIN_PID = String(process.pid);
  const teardown = async () => {
    for (const name of fs.readdirSync(runDir).filter((n) => n.endsWith(PID_FILE_ENDING))) {
      try {
        process.kill(Number(fs.readFileSync(path.join(runDir, name), "utf8")), "SIGKILL");
      } catch {
        // stopped already
      }
    }
    fs.rmSync(runDir, { recursive: true, force: true });
    await dropRunDatabases();
  };
  try {
    // The embedded databases and PostgreSQL's demo template are made side by side.
    await Promise.all([prepareEmbedded(runDir), prepareOnPostgres()]);
  } catch (err) {
    await teardown();
    throw err;
  }
  return { runDir, teardown, projects: 0 };
}

/** The demo on PostgreSQL, in the template each file on it copies (decision 170). */
async function prepareOnPostgres(): Promise<void> {
  const template = `${TEST_DB_PREFIX}${process.pid}_e2e_demo`;
  await withAdmin((client) => client.query(`create database "${template}"`));
  const url = new URL(testAdminUrl());
  url.pathname = `/${template}`;
  await seedDemoOnPostgres(url.toString(), SERVER_ENV);
  // The workers start after the global set-up, with its environment.
  process.env[POSTGRES_TEMPLATE_ENV] = template;
}

/**
 * The embedded database with the demo, seeded by a server's first start on an empty folder, as for
 * anyone who runs the product: once here for every file on it, rather than once per file. What the seed
 * writes depends on no file's server: it runs before the server listens (its emails' links use the
 * configured address, not the file's port), and it empties the outbox it wrote to.
 */
async function prepareEmbedded(runDir: string): Promise<void> {
  const seededDataDir = path.join(runDir, SEEDED_DATA_DIR);
  fs.mkdirSync(seededDataDir);
  await startAndStop("the demo data", seededDataDir, SERVER_ENV);
}

/** Starts the server on `dataDir` and stops it again; the folder is copied afterwards, so only a clean stop will do. */
async function startAndStop(what: string, dataDir: string, env: Record<string, string>): Promise<void> {
  const server = await startServer({ dataDir, env, startTimeoutMs: 180_000 });
  const code = await server.stop();
  // A folder copied after anything but a clean shutdown could be half written.
  if (code !== 0) throw new Error(`The server that made ${what} exited with ${code}:\n${server.log()}`);
}
