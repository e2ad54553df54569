// The end-of-run list of failures (scripts/failures.mjs) on made-up vitest reports:
// `node --test scripts/failures.test.mjs` (npm test runs it in the step "tests of npm test's scripts").
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { failureLines } from "./failures.mjs";

function reportsWith(reports) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "failures-test-"));
  for (const [name, report] of Object.entries(reports))
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(report));
  return dir;
}

test("names each failed test with its file, project and the first lines of its error, and no passed one", () => {
  const dir = reportsWith({
    "api-pglite": {
      testResults: [
        {
          name: "/repo/src/a.test.ts",
          status: "failed",
          assertionResults: [
            { fullName: "a passes", status: "passed", failureMessages: [] },
            {
              fullName: "a fails",
              status: "failed",
              failureMessages: ["\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3:5\n"],
            },
          ],
        },
      ],
    },
    unit: { testResults: [{ name: "/repo/src/b.unit.test.ts", status: "passed", assertionResults: [] }] },
  });
  assert.deepEqual(failureLines(dir, new Map(), "/repo"), [
    "  api-pglite src/a.test.ts > a fails",
    "      AssertionError: expected 1 to be 2",
    "          at a.test.ts:3:5",
  ]);
});

test("names a file that failed outside its tests, and a project's errors that no report holds", () => {
  const dir = reportsWith({
    e2e: {
      testResults: [
        {
          name: "/repo/e2e/c.e2e.test.ts",
          status: "failed",
          message: "Hook timed out in 120000ms",
          assertionResults: [],
        },
      ],
    },
  });
  const output = "lots of dots\n⎯⎯ Unhandled Rejection ⎯⎯\nError: connection terminated\n at x.ts:1\n";
  assert.deepEqual(failureLines(dir, new Map([["unit", output]]), "/repo"), [
    "  e2e e2e/c.e2e.test.ts (the file failed)",
    "      Hook timed out in 120000ms",
    "  unit: what it printed of errors outside a test",
    "      ⎯⎯ Unhandled Rejection ⎯⎯",
    "      Error: connection terminated",
    "       at x.ts:1",
  ]);
});

test("says nothing when nothing failed or there are no reports", () => {
  assert.deepEqual(failureLines(path.join(os.tmpdir(), "no-such-reports-dir"), new Map(), "/repo"), []);
});
