// A test context shared by a file's (or a describe block's) tests, declared in one line.
import { afterAll, beforeAll } from "vitest";
import { createTestContext, type TestContext, type TestContextOptions } from "./test-app";

/**
 * A test context built before the tests around the call and closed after them. The object is filled in
 * by the first hook, so that the tests and the later hooks read it like any other.
 */
export function sharedTestContext(env: Record<string, string> = {}, options: TestContextOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestContext(env, options));
  });
  afterAll(async () => {
    await ctx.close();
  });
  return ctx;
}
