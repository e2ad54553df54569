// How pg-boss reaches the application's database (decision 010): the embedded PGlite instance, the
// PostgreSQL pool, or an open transaction of either; and the guards around it, one process at a time
// creating the queues and a worked job's unawaited outcome kept from ending the process.
import type PgBoss from "pg-boss";
import { completeJobs, failJobsById } from "pg-boss/src/plans.js";
import type { Logger } from "pino";
import type { Database, Db } from "../db/client";

type QueryResult = { rows: unknown[] };

function hasRows(value: unknown): value is QueryResult {
  return typeof value === "object" && value !== null && Array.isArray((value as { rows?: unknown }).rows);
}

/**
 * pg-boss over the embedded PGlite instance. `query` runs one statement with parameters; pg-boss's
 * schema install and maintenance are multi-statement scripts without parameters, which only `exec`
 * runs. The answer of the last statement stands for the whole, as node-postgres does for one.
 */
function pgliteAdapter(pglite: NonNullable<Database["pglite"]>): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

/**
 * pg-boss over an open Drizzle transaction: its statement runs on the transaction's own connection
 * (PostgreSQL) or inside the held transaction (PGlite, where going around it would wait forever).
 */
export function transactionAdapter(tx: Db): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = await tx._.session
        .prepareQuery({ sql: text, params: values ?? [] }, undefined, undefined, false)
        .execute();
      if (!hasRows(result)) throw new Error("The job queue's statement returned no result set.");
      return result;
    },
  };
}

export function adapterFor(database: Database): PgBoss.Db {
  if (database.kind === "pglite") {
    if (!database.pglite) throw new Error("The embedded database has no PGlite instance.");
    return pgliteAdapter(database.pglite);
  }
  const pool = database.pool;
  if (!pool) throw new Error("The PostgreSQL database has no connection pool.");
  // The application's pool: pg-boss adds no connections of its own.
  return {
    async executeSql(text, values) {
      // pg-boss 10 completes and fails a worked job without awaiting the statement, so its error would
      // be an unhandled rejection, which ends the process. The common one under load, a full pool, is
      // waited out: a statement that got no connection never reached the server, so it may be sent again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await pool.query(text, values);
        } catch (err) {
          if (attempt >= POOL_WAITS || !(err instanceof Error) || !NO_CONNECTION_MESSAGES.has(err.message)) throw err;
        }
      }
    },
  };
}

/**
 * pg-pool's errors for a statement that never reached the server: no connection came free within the
 * acquisition timeout (decision 107), or a new connection could not be opened in that time.
 */
const NO_CONNECTION_MESSAGES = new Set([
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
]);
const POOL_WAITS = 6;

// Any constant, apart from the migrations' lock (db/client.ts).
const QUEUE_SETUP_LOCK_KEY = 727_400_002;

/**
 * pg-boss's queue creation (a table per queue, created by a function) deadlocks when several
 * processes run it at once on an empty database, as three processes started together do: on
 * PostgreSQL, the processes take turns under an advisory lock, held by one connection of the pool
 * while pg-boss works through the others.
 */
export async function oneProcessAtATime(database: Database, body: () => Promise<void>): Promise<void> {
  if (!database.pool) return body();
  const client = await database.pool.connect();
  try {
    await client.query("set statement_timeout = 0");
    await client.query("select pg_advisory_lock($1)", [QUEUE_SETUP_LOCK_KEY]);
    await body();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [QUEUE_SETUP_LOCK_KEY]).catch(() => undefined);
    await client.query("reset statement_timeout").catch(() => undefined);
    client.release();
  }
}

/**
 * pg-boss 10 writes a worked job's completion or failure without awaiting the statement (manager.js,
 * `watch`), so that statement's error is an unhandled rejection, which ends the process: the database
 * restarting, or a full disk, must not (decision 143). Such an error is logged instead; the job stays
 * active until its expiry passes, and is then retried, as a job of a process that died would be.
 */
const UNAWAITED_STATEMENTS = new Set([completeJobs("pgboss"), failJobsById("pgboss")]);

export function unawaitedStatementsLogged(inner: PgBoss.Db, log: Pick<Logger, "warn">): PgBoss.Db {
  return {
    async executeSql(text, values) {
      try {
        return await inner.executeSql(text, values);
      } catch (err) {
        if (!UNAWAITED_STATEMENTS.has(text)) throw err;
        log.warn({ err }, "job queue: a worked job's outcome could not be written; it runs again after its expiry");
        // What pg-boss reads of the answer: the count of jobs changed.
        return { rows: [{ count: 0 }] };
      }
    },
  };
}
