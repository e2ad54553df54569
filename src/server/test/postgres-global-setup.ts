// Before the PostgreSQL run: say plainly when the server is not there; after it: drop what the
// run's test files created and left behind (a crashed file cannot drop its own database).
import pg from "pg";
import { TEST_DB_PREFIX, testAdminUrl } from "./databases";

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
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
  return async () => {
    await withAdmin(async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${TEST_DB_PREFIX}${process.pid}_%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    });
  };
}
