import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname, "src") };
const apiProject = (db: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: `api-${db}`,
    include: ["src/**/*.test.ts"],
    // `*.postgres.test.ts`: about PostgreSQL itself (several processes, overlapping transactions).
    exclude: ["src/**/*.unit.test.ts", ...(db === "pglite" ? ["src/**/*.postgres.test.ts"] : [])],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share their worker's loaded modules (decision 006): each still has its own database and
    // app (test-app.ts), and no test data depends on the files that ran before it.
    isolate: false,
    // Two files at a time (decision 184): on PostgreSQL a file waits on the server more than it
    // computes; on PGlite, one worker made the project the step's last by a minute, on one core.
    maxWorkers: 2,
    // One Vitest running both (`npm run test:api`, `npm run test:changed`) runs PostgreSQL's after the
    // others, so that four files never run at once. `npm test` runs each project in a process of its
    // own, side by side.
    sequence: { groupOrder: db === "postgres" ? 1 : 0 },
    globalSetup: [`src/server/test/${db}-global-setup.ts`],
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.unit.test.ts"],
          testTimeout: 60_000,
          // Files share their worker's loaded modules, as in the API projects (decisions 006, 166).
          isolate: false,
          // The migrated data folder the tests that start real servers copy (src/server/test/processes.ts).
          globalSetup: ["src/server/test/unit-global-setup.ts"],
          // Its own group, after the API projects', when one Vitest runs them all (`npm run
          // test:changed`): Vitest refuses projects of one group with different worker counts.
          sequence: { groupOrder: 2 },
        },
      },
      apiProject("pglite"),
      apiProject("postgres"),
    ],
  },
});
