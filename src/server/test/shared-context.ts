// A test context shared by a file's (or a describe block's) tests, declared in one line; and the users
// those tests work with, likewise.
import { afterAll, beforeAll } from "vitest";
import type { UserType } from "@/shared/users";
import { createTopProvider, type TestProvider } from "./fixtures";
import { createTestContext, createUser, type TestContext, type TestContextOptions, type TestUser } from "./test-app";

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

/** Who to make: a user of a type, with a name when given (as `createUser` takes them). */
type UserSpec = UserType | readonly [UserType, string];
type Tuple<T, N extends number, R extends T[] = []> = R["length"] extends N ? R : Tuple<T, N, [...R, T]>;

/**
 * Objects filled in, one after the other, by a hook before the tests around the call: as with the
 * context, the tests and the later hooks read them like any others.
 */
function sharedObjects<T extends object>(count: number, make: (i: number) => Promise<T>): T[] {
  const made = Array.from({ length: count }, () => ({}) as T);
  beforeAll(async () => {
    for (const [i, object] of made.entries()) Object.assign(object, await make(i));
  });
  return made;
}

/** The users the tests around the call work with, made before them on `ctx` in the order given. */
export function sharedUsers<const S extends readonly UserSpec[]>(
  ctx: TestContext,
  ...specs: S
): { [K in keyof S]: TestUser } {
  return sharedObjects(specs.length, (i) => {
    const spec = specs[i] as UserSpec;
    return typeof spec === "string" ? createUser(ctx, spec) : createUser(ctx, spec[0], spec[1]);
  }) as { [K in keyof S]: TestUser };
}

/** `count` providers with every specialty (`createTopProvider`), made before the tests around the call. */
export function sharedTopProviders<N extends number>(ctx: TestContext, count: N): Tuple<TestProvider, N> {
  return sharedObjects(count, () => createTopProvider(ctx)) as Tuple<TestProvider, N>;
}
