// One Drizzle database over either driver: PGlite (embedded, the default) or node-postgres
// (DATABASE_URL). Both run the same committed migrations.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Logger } from "pino";
import type { Config } from "../config";
import { type DirLock, lockDataDir } from "./lock";

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
): Promise<Database> {
  if (database.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client's error (the server restarted, say) must not crash the process.
    pool.on("error", (err) => log?.error({ err }, "PostgreSQL pool error"));
    const db = drizzlePg({ client: pool, casing: "snake_case" }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg({ client: pool, casing: "snake_case" }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
    return { db, kind: "postgres", pglite: null, pool, close: () => pool.end() };
  }

  // The contrib extensions the migrations create (0009: trigram search).
  const extensions = { pg_trgm };
  let lock: DirLock | null = null;
  let client: PGlite;
  if (database.dataDir) {
    lock = await lockDataDir(database.dataDir, { onCompromised: stopOnLostLock(log, database.dataDir) });
    try {
      client = new PGlite(path.join(database.dataDir, "pglite"), { extensions });
      await client.waitReady;
    } catch (err) {
      await lock.release();
      throw err;
    }
  } else {
    client = new PGlite({ extensions });
    await client.waitReady;
  }
  const orm = drizzlePglite({ client, casing: "snake_case" });
  try {
    await migratePglite(orm, { migrationsFolder });
  } catch (err) {
    await client.close().catch(() => undefined);
    await lock?.release();
    throw err;
  }
  return {
    db: orm as unknown as Db,
    kind: "pglite",
    pglite: client,
    pool: null,
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
