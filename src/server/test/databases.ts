import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { leaseTemplateDatabase, pgliteTemplate } from "./pglite-template";

export const TEST_DB_PREFIX = "automatch_test_";
/** The run's migrated PostgreSQL database, named by the global set-up; unset, each database is migrated anew. */
export const POSTGRES_TEMPLATE_ENV = "TEST_POSTGRES_TEMPLATE";

/** A database on the local server from which the tests create and drop their own. */
export function testAdminUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

/**
 * A fresh database for one test file: in-memory PGlite (from the run's migrated dump), or a new database on the local
 * PostgreSQL server (TEST_DB=postgres, or a test that is about PostgreSQL itself), a copy of the run's
 * migrated one unless `empty`, dropped again by `drop`.
 */
export async function createTestDatabase(
  kind: "pglite" | "postgres" = process.env.TEST_DB === "postgres" ? "postgres" : "pglite",
  { empty = false }: { empty?: boolean } = {},
): Promise<{ database: Config["database"]; drop: () => Promise<void>; open?: () => Promise<Database | null> }> {
  if (kind !== "postgres") {
    const loadDataDir = pgliteTemplate() ?? undefined;
    return {
      database: { kind: "pglite", dataDir: null, loadDataDir },
      drop: async () => undefined,
      // One of the worker's emptied databases, rather than the dump loaded anew.
      open: leaseTemplateDatabase,
    };
  }
  // The vitest main process's pid names the run, so that its global teardown can sweep leftovers.
  const runId = process.env.VITEST_MAIN_PID ?? String(process.ppid);
  const name = `${TEST_DB_PREFIX}${runId}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testAdminUrl(), connectionTimeoutMillis: 5000 });
  await admin.connect();
  // A copy of the run's migrated database (postgres-global-setup.ts), unless the test asks for an empty one.
  const template = empty ? undefined : process.env[POSTGRES_TEMPLATE_ENV];
  await admin.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  // Commits do not wait for the disk (decision 167): only a crash of the machine could lose the last ones.
  await admin.query(`alter database "${name}" set synchronous_commit = off`);
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
