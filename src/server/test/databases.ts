import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Config } from "../config";
import { pgliteTemplate } from "./pglite-template";

export const TEST_DB_PREFIX = "automatch_test_";

/** A database on the local server from which the tests create and drop their own. */
export function testAdminUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

/**
 * A fresh, empty database for one test file: in-memory PGlite (from the run's migrated dump), or a new database on the local
 * PostgreSQL server (TEST_DB=postgres, or a test that is about PostgreSQL itself), dropped again by `drop`.
 */
export async function createTestDatabase(
  kind: "pglite" | "postgres" = process.env.TEST_DB === "postgres" ? "postgres" : "pglite",
): Promise<{ database: Config["database"]; drop: () => Promise<void> }> {
  if (kind !== "postgres") {
    const loadDataDir = pgliteTemplate() ?? undefined;
    return { database: { kind: "pglite", dataDir: null, loadDataDir }, drop: async () => undefined };
  }
  // The vitest main process's pid names the run, so that its global teardown can sweep leftovers.
  const runId = process.env.VITEST_MAIN_PID ?? String(process.ppid);
  const name = `${TEST_DB_PREFIX}${runId}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testAdminUrl(), connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(testAdminUrl());
  url.pathname = `/${name}`;
  return {
    database: { kind: "postgres", url: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: testAdminUrl(), connectionTimeoutMillis: 5000 });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
