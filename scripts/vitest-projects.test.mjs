// `npm run test:changed` runs the unit and API tests a change reaches in one Vitest, whose projects then
// share its groups: `node --test scripts/vitest-projects.test.mjs` (npm test runs it in the step "tests of
// npm test's scripts"). Vitest refuses to run two projects of one group (`sequence.groupOrder`) whose
// worker counts differ, once a run holds files of both. A project that sets none takes the machine's
// default (the cores less one), so only the counts the projects declare may be compared: on two cores the
// unit project's default (1) beside the PGlite project's 2 broke the command; on three it would not have.
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { createVitest } from "vitest/node";

const root = path.resolve(import.meta.dirname, "..");

test("the projects one Vitest runs together (npm run test:changed) declare one worker count a group", async () => {
  const vitest = await createVitest("test", { root, watch: false }, {}, {});
  try {
    // Every project the config declares is here: the check is not vacuous.
    assert.deepEqual(vitest.projects.map((p) => p.name).sort(), ["api-pglite", "api-postgres", "unit"]);
    const groups = new Map();
    for (const p of vitest.projects) {
      const order = p.config.sequence.groupOrder;
      groups.set(order, [...(groups.get(order) ?? []), p]);
    }
    for (const [order, projects] of groups) {
      const declared = projects.map((p) => `${p.name}: ${p.config.maxWorkers ?? "default"}`);
      const counts = new Set(projects.map((p) => p.config.maxWorkers));
      assert.equal(counts.size, 1, `group ${order} mixes worker counts: ${declared.join(", ")}`);
    }
  } finally {
    await vitest.close();
  }
});
