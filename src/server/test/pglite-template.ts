// One migrated embedded database for the whole run, dumped once by the PGlite project's global set-up
// and loaded by each test file: PGlite's initdb and the migrations take about two seconds a file,
// loading the dump about half a second (decision 006). pg-boss's schema and queues are in it too.
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type Database, databaseOnPglite } from "../db/client";
import { openTemplateDatabase } from "./template";

/** Where the global set-up tells the workers the dump is; unset (a benchmark, say), each database is made anew. */
export const PGLITE_TEMPLATE_ENV = "TEST_PGLITE_TEMPLATE";

/** Makes the migrated database, with the job queue's schema, and writes its dump to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openTemplateDatabase({ kind: "pglite", dataDir: null });
  try {
    const dump = await database.pglite?.dumpDataDir("none");
    if (!dump) throw new Error("The embedded database gave no dump of its data folder.");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

let loaded: { file: string; blob: Blob } | null = null;

/** The run's dump, read once per worker (the workers are not isolated, so files share it); null without one. */
export function pgliteTemplate(): Blob | null {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return null;
  if (loaded?.file !== file) loaded = { file, blob: new Blob([fs.readFileSync(file)]) };
  return loaded.blob;
}

/**
 * The embedded databases of this worker that no file holds now, each as the run's dump was: a file's
 * database is handed back when it closes and emptied before the next file gets it (decision 166).
 * Loading the dump took 1.2 s a file, emptying a used one some tens of milliseconds.
 */
const idle: PGlite[] = [];

/** What emptying a used database takes back to the dump: the product's rows, and the job queue's jobs and schedules. */
const EMPTY = `do $$ begin
  execute (select 'truncate ' || string_agg(format('%I.%I', schemaname, tablename), ', ') || ' restart identity cascade'
    from pg_tables
    where schemaname = 'public' or (schemaname = 'pgboss' and tablename in ('job', 'archive', 'schedule', 'subscription')));
end $$`;

/** An embedded database with the run's dump in it, for one file until it closes; null without a dump. */
export async function leaseTemplateDatabase(): Promise<Database | null> {
  const blob = pgliteTemplate();
  if (!blob) return null;
  let client = idle.pop();
  if (!client) {
    client = new PGlite({ extensions: { pg_trgm }, loadDataDir: blob });
    await client.waitReady;
  }
  const leased = client;
  let returned = false;
  const giveBack = async () => {
    if (returned) return;
    returned = true;
    // What a file left behind: its rows and jobs, a session setting, a channel listened to. One that
    // cannot be emptied (a transaction left open, say) is closed instead.
    try {
      await leased.exec(`${EMPTY}; unlisten *; reset all`);
    } catch {
      await leased.close();
      return;
    }
    idle.push(leased);
  };
  try {
    return await databaseOnPglite(leased, giveBack);
  } catch (err) {
    await leased.close().catch(() => undefined);
    throw err;
  }
}
