// What the unit tests that start real servers need once: an embedded database folder with the
// product's schema and the job queue's, for each of them to copy (processes.ts, copyMigratedDataDir).
// A new PGlite folder costs half a minute of initdb and migrations on this machine, a copy under a
// second. The teardown removes the run's folder, copies and all.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { createJobQueue } from "../jobs/queue";
import { createLogger } from "../logger";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated folder; its parent, the run's folder, takes the copies. */
    migratedDataDir: string;
  }
}

export async function setup(project: TestProject): Promise<() => void> {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-unit-"));
  const teardown = () => fs.rmSync(runDir, { recursive: true, force: true });
  const migratedDataDir = path.join(runDir, "migrated");
  try {
    // What a server's first start makes before it serves: the migrations, then pg-boss's schema and queues.
    const database = await openDatabase({ kind: "pglite", dataDir: migratedDataDir });
    try {
      const jobs = createJobQueue(database, createLogger({ logLevel: "warn", env: "test" }), { maintenance: false });
      await jobs.start();
      await jobs.stop();
    } finally {
      // Closed before anyone copies it: a folder copied while open could be half written.
      await database.close();
    }
  } catch (err) {
    teardown();
    throw err;
  }
  project.provide("migratedDataDir", migratedDataDir);
  return teardown;
}
