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
    const groups = new Map();
    for (const project of vitest.projects) {
      const order = project.config.sequence.groupOrder;
      groups.set(order, [...(groups.get(order) ?? []), `${project.name}: ${project.config.maxWorkers ?? "default"}`]);
    }
    // Every project the config declares is here: the check is not vacuous.
    assert.deepEqual(vitest.projects.map((p) => p.name).sort(), ["api-pglite", "api-postgres", "unit"]);
    for (const [order, members] of groups) {
      const counts = new Set(members.map((m) => m.split(": ")[1]));
      assert.equal(counts.size, 1, `group ${order} mixes worker counts: ${members.join(", ")}`);
    }
  } finally {
    await vitest.close();
  }
});
