// What every test database starts as (decisions 006, 166): the migrations run and the job queue's schema
// and queues installed. The global set-ups make one such database a run, PGlite's dumped and
// PostgreSQL's kept as a template, and each file's database is a copy of it.
import type { Config } from "../config";
import { type Database, openDatabase } from "../db/client";
import { createJobQueue, type JobLog } from "../jobs/queue";

/** A job log that keeps nothing: the tests read what the jobs did from the database. */
export const silentJobLog: JobLog = { error: () => undefined, info: () => undefined, warn: () => undefined };

/** Opens (and so migrates) the database and installs the job queue's schema; the caller closes it. */
export async function openTemplateDatabase(config: Config["database"]): Promise<Database> {
  const database = await openDatabase(config);
  try {
    const jobs = createJobQueue(database, silentJobLog, { maintenance: false });
    await jobs.start();
    await jobs.stop();
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}
