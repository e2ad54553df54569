// Before the PostgreSQL run: say plainly when the server is not there, and make the migrated database
// every file's database copies; after it: drop it, and what the run's test files created and left
// behind (a crashed file cannot drop its own database).
import pg from "pg";
import { POSTGRES_TEMPLATE_ENV, TEST_DB_PREFIX, testAdminUrl } from "./databases";
import { openTemplateDatabase } from "./template";

export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testAdminUrl(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `The PostgreSQL test run needs a server at ${testAdminUrl()} (set TEST_POSTGRES_URL to change it): ${(err as Error).message}`,
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<() => Promise<void>> {
  await withAdmin(async () => undefined);
  process.env.VITEST_MAIN_PID = String(process.pid);
  // One migrated database, with the job queue's schema, that each file's database is a copy of
  // (decision 166): migrating a new database took 2-3 s a file on two busy cores, a copy a tenth of it.
  const template = `${TEST_DB_PREFIX}${process.pid}_template`;
  await withAdmin((client) => client.query(`create database "${template}"`));
  const url = new URL(testAdminUrl());
  url.pathname = `/${template}`;
  // Closed at once: a database is copied only while nobody is connected to it.
  await (await openTemplateDatabase({ kind: "postgres", url: url.toString() })).close();
  // The workers start after the global set-up, with its environment.
  process.env[POSTGRES_TEMPLATE_ENV] = template;
  return dropRunDatabases;
}

/** Drops the databases of this run (named after the vitest main process's pid), the template's too. */
export async function dropRunDatabases(): Promise<void> {
  await withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [
      `${TEST_DB_PREFIX}${process.pid}_%`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  });
}
