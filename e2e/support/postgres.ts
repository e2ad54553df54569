// The demo on PostgreSQL, for the browser-test files whose servers run on it (decision 170): seeded once a
// run into a template database by the same function a first start on the embedded database runs, and
// copied for each file by createTestDatabase (src/server/test/databases.ts), as the API tests copy theirs.
import { loadConfig } from "../../src/server/config";
import { openDatabase } from "../../src/server/db/client";
import { createJobQueue } from "../../src/server/jobs/queue";
import { seedDemoData } from "../../src/server/seed";
import { silentJobLog } from "../../src/server/test/template";
import { createAppDeps } from "../../src/server/wiring";

/**
 * Migrates the empty database at `url` and seeds the demo into it, under the environment the files'
 * servers get (`env`): the product never seeds a DATABASE_URL database itself (decision 103).
 */
export async function seedDemoOnPostgres(url: string, env: Record<string, string>): Promise<void> {
  const { DATABASE_URL: _shell, ...shell } = process.env;
  // PORT 0 as the servers get it: the address the seed writes into its emails is the one theirs has.
  const config = loadConfig({ ...shell, NODE_ENV: "test", PORT: "0", ...env, DATABASE_URL: url });
  const database = await openDatabase(config.database, undefined, config.databaseLimits);
  try {
    const jobs = createJobQueue(database, silentJobLog, { maintenance: false, settings: config.jobs });
    await jobs.start();
    try {
      const deps = createAppDeps({ config, database, jobs, log: silentJobLog });
      if (!(await seedDemoData(deps))) throw new Error(`The demo was not seeded: ${url} was not empty.`);
    } finally {
      await jobs.stop();
    }
  } finally {
    await database.close();
  }
}
