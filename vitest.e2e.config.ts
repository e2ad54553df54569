import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    name: "e2e",
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    // One browser at a time: the machine has two cores and the server needs one.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what follows a click (a request, re-reads, a render): a second is too short on CI.
    expect: { poll: { timeout: 10_000 } },
  },
});
