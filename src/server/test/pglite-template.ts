// One migrated embedded database for the whole run, dumped once by the PGlite project's global set-up
// and loaded by each test file: PGlite's initdb and the migrations take about two seconds a file,
// loading the dump about half a second (decision 006). pg-boss's schema and queues are in it too.
import fs from "node:fs";
import { openDatabase } from "../db/client";
import { createJobQueue, type JobLog } from "../jobs/queue";

/** Where the global set-up tells the workers the dump is; unset (a benchmark, say), each database is made anew. */
export const PGLITE_TEMPLATE_ENV = "TEST_PGLITE_TEMPLATE";

const silentLog: JobLog = { error: () => undefined, info: () => undefined, warn: () => undefined };

/** Makes the migrated database, with the job queue's schema, and writes its dump to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    const jobs = createJobQueue(database, silentLog, { maintenance: false });
    await jobs.start();
    await jobs.stop();
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
