// `npm run test:changed` runs the unit and API tests a change reaches in one Vitest, whose projects then
// share its groups: `node --test scripts/vitest-projects.test.mjs` (npm test runs it in the step "tests of
// npm test's scripts"). Vitest refuses two projects of one group with different worker counts, which broke
// the command whenever a change reached both unit and API tests.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";

const root = path.resolve(import.meta.dirname, "..");

test("one Vitest runs unit files and API files on both databases together, as npm run test:changed does", () => {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vitest-projects-")), "report.json");
  const files = ["src/shared/countries.unit.test.ts", "src/server/http/compression.test.ts"];
  const projects = ["unit", "api-pglite", "api-postgres"].flatMap((p) => ["--project", p]);
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/vitest/vitest.mjs"),
      "run",
      ...projects,
      "--reporter=json",
      `--outputFile=${report}`,
      ...files,
    ],
    { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
  );
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  const { testResults, numPassedTests, numFailedTests } = JSON.parse(fs.readFileSync(report, "utf8"));
  // The unit file once, the API file once per database.
  const ran = testResults.map((r) => path.relative(root, r.name)).sort();
  assert.deepEqual(ran, [files[1], files[1], files[0]].sort());
  assert.ok(testResults.every((r) => r.status === "passed"));
  assert.equal(numFailedTests, 0);
  assert.ok(numPassedTests > 0);
});
