// One Drizzle database over either driver: PGlite (embedded, the default) or node-postgres
// (DATABASE_URL). Both run the same committed migrations.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, TransactionRollbackError } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Logger } from "pino";
import { type Config, type DatabaseLimits, DEFAULT_DATABASE_LIMITS } from "../config";
import { type DirLock, lockDataDir } from "./lock";
import { rateLimits } from "./schema/rate-limits";

export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The raw PGlite instance (embedded only): job libraries that need a driver of their own use it. */
  pglite: PGlite | null;
  pool: pg.Pool | null;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
// Any constant: serialises migrations when several app processes start on one PostgreSQL.
const MIGRATION_LOCK_KEY = 727_400_001;

/** The data folder's lock was lost (removed, or taken over by another process): stop before writing more. */
function stopOnLostLock(log: Pick<Logger, "fatal"> | undefined, dataDir: string): (err: Error) => void {
  return (err) => {
    const message = `lost the lock on the data folder ${dataDir}; stopping so that two processes never write to it`;
    if (log) log.fatal({ err }, message);
    else process.stderr.write(`${message}: ${err.message}\n`);
    process.exit(3);
  };
}

export async function openDatabase(
  database: Config["database"],
  log?: Pick<Logger, "error" | "info" | "fatal">,
  limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS,
): Promise<Database> {
  if (database.kind === "postgres") {
    // A request waits at most acquireTimeoutMs for a connection and the server cancels a statement
    // after statementTimeoutMs; both end in a 503 the caller can retry (decision 107).
    const pool = new pg.Pool({
      connectionString: database.url,
      max: limits.poolMax,
      connectionTimeoutMillis: limits.acquireTimeoutMs,
      statement_timeout: limits.statementTimeoutMs,
      idleTimeoutMillis: 30_000,
      // A server that vanished without closing the connection is noticed instead of waited on.
      keepAlive: true,
    });
    // An idle client's error (the server restarted, say) must not crash the process.
    pool.on("error", (err) => log?.error({ err }, "PostgreSQL pool error"));
    // Nor may a checked-out one's: the pool listens to its clients only while they are idle, and a
    // connection ended by the server in the middle of a transaction (a restart, a failover,
    // pg_terminate_backend) emits 'error' with no listener, which ends the process. The query that was
    // running fails with the same error (a 503, decision 107), and the client is not given out again.
    pool.on("connect", (client) => {
      client.on("error", (err) => log?.error({ err }, "PostgreSQL connection lost while in use"));
    });
    const db = drizzlePg({ client: pool, casing: "snake_case" }) as unknown as Db;
    const client = await pool.connect();
    try {
      // Waiting for another process's migrations, and a migration itself, may take longer than a request.
      await client.query("set statement_timeout = 0");
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg({ client, casing: "snake_case" }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
      await client.query("reset statement_timeout").catch(() => undefined);
      client.release();
    }
    return { db, kind: "postgres", pglite: null, pool, close: () => pool.end() };
  }

  // The contrib extensions the migrations create (0009: trigram search).
  const extensions = { pg_trgm };
  let lock: DirLock | null = null;
  let client: PGlite;
  if (database.dataDir) {
    lock = await lockDataDir(database.dataDir, {
      // Refreshed five times within the stale window, at most once a second.
      ...(database.lockStaleMs
        ? { stale: database.lockStaleMs, update: Math.max(1000, Math.floor(database.lockStaleMs / 5)) }
        : {}),
      onCompromised: stopOnLostLock(log, database.dataDir),
    });
    try {
      client = new PGlite(path.join(database.dataDir, "pglite"), { extensions });
      await client.waitReady;
    } catch (err) {
      await lock.release();
      throw err;
    }
  } else {
    client = new PGlite({ extensions, loadDataDir: database.loadDataDir });
    await client.waitReady;
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      await lock?.release();
    }
  };
  try {
    return await databaseOnPglite(client, close);
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}

/**
 * The database on an open PGlite, its migrations brought up to date; `close` is what closing it does
 * (openDatabase: close the client and free the folder; the API tests: give the client back for the next file).
 */
export async function databaseOnPglite(client: PGlite, close: () => Promise<void>): Promise<Database> {
  const orm = drizzlePglite({ client, casing: "snake_case" });
  await migratePglite(orm, { migrationsFolder });
  return { db: orm as unknown as Db, kind: "pglite", pglite: client, pool: null, close };
}

/**
 * The rows of a raw `db.execute(sql...)`: both drivers answer an object with `rows` (node-postgres's
 * QueryResult, PGlite's Results), which Drizzle's driver-neutral type does not say. Anything else is
 * a bug, and is said so rather than read as no rows.
 */
export function executedRows<Row extends Record<string, unknown> = Record<string, unknown>>(result: unknown): Row[] {
  const rows = typeof result === "object" && result !== null ? (result as { rows?: unknown }).rows : undefined;
  if (!Array.isArray(rows)) throw new Error("A raw statement's result has no rows.");
  return rows as Row[];
}

export type WriteProbe = "writable" | "read-only" | "unavailable";

/**
 * Whether the database takes writes now: a row written in a transaction that is rolled back, within two
 * seconds. A standby, a read-only database, a full pool or a server that is down all say no.
 */
export async function probeWrites(db: Db): Promise<WriteProbe> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 2000`);
      await tx.insert(rateLimits).values({ key: `healthz:${randomUUID()}`, windowStart: new Date(), hits: 0 });
      tx.rollback();
    });
  } catch (err) {
    if (err instanceof TransactionRollbackError) return "writable";
    for (let e: unknown = err; e instanceof Error; e = e.cause) {
      if ((e as { code?: unknown }).code === "25006") return "read-only";
    }
    return "unavailable";
  }
  return "writable";
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
