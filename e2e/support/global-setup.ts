// What all browser-test files need once: the built web app, and one folder for the run under the
// system's temporary folder. In it, two embedded databases for each file's server to start from (see
// fixture.ts): an empty one with the product's schema, and a copy of it on which the server has seeded
// the demo data. A new PGlite folder costs half a minute of initdb on this machine, seeding the demo
// about five seconds more, a copy of either under a second. The teardown removes the folder, after
// stopping any file's server whose worker died without stopping it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    runDir: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/** The folder that holds the empty database, inside the run's folder. */
export const EMPTY_DATA_DIR = "empty";
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

type Run = { runDir: string; teardown: () => void; projects: number };
// The browser tests' two projects (vitest.e2e.config.ts) share one run: the setup of whichever comes
// first prepares it, and the teardown of the last removes it. Both run in Vitest's main process.
const RUN = Symbol.for("automatch.e2e.run");
const shared = globalThis as { [RUN]?: Promise<Run> };

export async function setup(project: TestProject): Promise<() => void> {
  shared[RUN] ??= prepareRun();
  const run = await shared[RUN];
  run.projects += 1;
  project.provide("runDir", run.runDir);
  return () => {
    run.projects -= 1;
    if (run.projects > 0) return;
    delete shared[RUN];
    run.teardown();
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
  const teardown = () => {
    for (const name of fs.readdirSync(runDir).filter((n) => n.endsWith(PID_FILE_ENDING))) {
      try {
        process.kill(Number(fs.readFileSync(path.join(runDir, name), "utf8")), "SIGKILL");
      } catch {
        // stopped already
      }
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  try {
    // The server's own start-up makes the schema; without demo data the database stays empty.
    const emptyDataDir = path.join(runDir, EMPTY_DATA_DIR);
    fs.mkdirSync(emptyDataDir);
    await startAndStop("the empty database", emptyDataDir, { ...SERVER_ENV, DEMO_DATA: "false" });
    // The demo is seeded on a server's first start, as for anyone who runs the product: once here for
    // every file, rather than once per file. What the seed writes depends on no file's server: it runs
    // before the server listens (its emails' links use the configured address, not the file's port),
    // and it empties the outbox it wrote to. A file whose environment changes the seed starts from the
    // empty folder instead (fixture.ts).
    const seededDataDir = path.join(runDir, SEEDED_DATA_DIR);
    fs.cpSync(emptyDataDir, seededDataDir, { recursive: true });
    await startAndStop("the demo data", seededDataDir, SERVER_ENV);
  } catch (err) {
    teardown();
    throw err;
  }
  return { runDir, teardown, projects: 0 };
}

/** Starts the server on `dataDir` and stops it again; the folder is copied afterwards, so only a clean stop will do. */
async function startAndStop(what: string, dataDir: string, env: Record<string, string>): Promise<void> {
  const server = await startServer({ dataDir, env, startTimeoutMs: 180_000 });
  const code = await server.stop();
  // A folder copied after anything but a clean shutdown could be half written.
  if (code !== 0) throw new Error(`The server that made ${what} exited with ${code}:\n${server.log()}`);
}
