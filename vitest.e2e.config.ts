import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** What both projects share: the product they test, and how long a test and a hook may take. */
const shared = {
  // The built web app, and the empty and the demo-seeded databases each file's server copies (e2e/support/fixture.ts).
  globalSetup: ["e2e/support/global-setup.ts"],
  // The longest journeys (two providers quoting and a hire; every public page at 375 px with its
  // accessibility scan) take two minutes when the two cores are shared with other work.
  testTimeout: 180_000,
  // A file's server start (a copy of the demo seeded once per run; decline-lead seeds its own) and Chromium's launch.
  hookTimeout: 120_000,
  // A poll waits for what follows a click (a request, re-reads, a render): a second is too short on CI.
  expect: { poll: { timeout: 10_000 } },
};

const LIGHTHOUSE = "e2e/lighthouse.e2e.test.ts";

/**
 * Vitest's order (the longest files first, by the last run's times or else by size), with Lighthouse
 * before everything (decision 190): it mostly waits on its simulated phone, so begun first it shares the
 * two cores with the longest files; sorted by size it came last, alone, with one core idle for a minute.
 */
class LighthouseFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const lighthouse = (f: TestSpecification) => f.project.name === "lighthouse";
    return [...sorted.filter(lighthouse), ...sorted.filter((f) => !lighthouse(f))];
  }
}

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    sequence: { sequencer: LighthouseFirst },
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          exclude: [LIGHTHOUSE],
          // Three files at a time, each with its own server, database and browser contexts
          // (e2e/support/fixture.ts): a file waits on them more than it computes, and two files left the
          // two cores about a sixth idle (decisions 085, 167).
          maxWorkers: 3,
          // A worker's files share its loaded modules and its Chromium (e2e/support/fixture.ts), not
          // their products: each file still starts its own server on its own copy of the data.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          // Lighthouse (decisions 160, 164, 190): one file, begun first (LighthouseFirst), in one of the
          // three workers the other browser files share: projects of one group share their workers, and
          // must say the same number. What it asserts does not depend on the machine's speed; alone at the
          // end, it left one of the two cores idle for a minute. Its printed performance score is a busy machine's.
          name: "lighthouse",
          include: [LIGHTHOUSE],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
