// What all browser-test files need once: the built web app, and one folder for the run under the
// system's temporary folder. In it, an empty embedded database with the product's schema for each
// file's server to start from (see fixture.ts): a new PGlite folder costs half a minute of initdb on
// this machine, a copy of this one under a second. The teardown removes the folder, after stopping any
// file's server whose worker died without stopping it.
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
/** Each file's server writes its pid to a file with this ending in the run's folder. */
export const PID_FILE_ENDING = ".server-pid";

export async function setup(project: TestProject): Promise<() => void> {
  if (!fs.existsSync(path.join(root, "dist/web/index.html"))) {
    throw new Error("The web app is not built: run `npm run build:web` before the browser tests (npm test does).");
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
    const server = await startServer({ dataDir: emptyDataDir, env: { DEMO_DATA: "false" }, startTimeoutMs: 180_000 });
    const code = await server.stop();
    // A folder copied after anything but a clean shutdown could be half written.
    if (code !== 0) throw new Error(`The server that made the empty database exited with ${code}:\n${server.log()}`);
  } catch (err) {
    teardown();
    throw err;
  }
  project.provide("runDir", runDir);
  return teardown;
}
