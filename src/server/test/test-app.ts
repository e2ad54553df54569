// API tests build the real app in-process on a fresh database of their own and call it with inject.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Logger } from "pino";
import type { UserType } from "@/shared/users";
import { type BuildOptions, buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import type { AppDeps } from "../deps";
import { hashPassword } from "../features/auth/password";
import { confirmEmail, insertUser } from "../features/auth/queries";
import { createJobQueue, type JobQueue } from "../jobs/queue";
import type { Metrics } from "../metrics";
import { createAppDeps } from "../wiring";
import { createTestClock, type TestClock } from "./clock";
import { createTestDatabase } from "./databases";
import { silentJobLog } from "./template";

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  jobs: JobQueue;
  /** What the app was built with (createAppDeps, as in production): services called directly take it. */
  deps: AppDeps;
  /** The app's clock: a test moves time with it. */
  clock: TestClock;
  /** The waits the app asked for (deps.pause), in order; a test context does not spend them. */
  pauses: number[];
  close: () => Promise<void>;
};

export type TestContextOptions = {
  /** Start the job queue (pg-boss); on unless a test says otherwise, as in the running app. */
  jobs?: boolean;
  /** Passed to buildApp: told of every route as it is declared. */
  onRoute?: BuildOptions["onRoute"];
  /** On PostgreSQL whatever the run's database: for tests of the PostgreSQL pool and server themselves. */
  postgres?: boolean;
  /** The app's and the workers' logger, for a test that reads the log; none when unset. */
  logger?: Logger;
  /** The metrics registry, for a test that wants the process's own figures in it. */
  metrics?: Metrics;
};

/** Low scrypt cost keeps tests fast; the hash format and code path are the production ones. */
export const TEST_SCRYPT_N = 1024;

export async function createTestContext(
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const { database: databaseConfig, drop, open } = await createTestDatabase(options.postgres ? "postgres" : undefined);
  const config: Config = {
    ...loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      PASSWORD_SCRYPT_N: String(TEST_SCRYPT_N),
      // The tests' clock stands still, so a file's writes all fall in one window of the write limits
      // (decision 144): they allow a hundred times as much, except where a test sets them itself.
      WRITE_LIMIT_FACTOR: "100",
      ...env,
    }),
    database: databaseConfig,
    demoData: false,
  };
  const database = (await open?.()) ?? (await openDatabase(databaseConfig, undefined, config.databaseLimits));
  const log = options.logger ?? silentJobLog;
  const jobs = createJobQueue(database, log, { maintenance: false, settings: config.jobs });
  if (options.jobs ?? true) await jobs.start();
  const clock = createTestClock();
  const pauses: number[] = [];
  const pause = async (ms: number) => {
    pauses.push(ms);
  };
  const deps = createAppDeps({ config, database, jobs, log, now: clock.now, pause, metrics: options.metrics });
  const app = await buildApp(deps, { serveWeb: false, onRoute: options.onRoute, logger: options.logger });
  await app.ready();
  return {
    app,
    database,
    config,
    jobs,
    deps,
    clock,
    pauses,
    close: async () => {
      await app.close();
      await jobs.stop();
      await database.close();
      await drop();
    },
  };
}

let seq = 0;
export function uniqueEmail(tag = "user"): string {
  seq += 1;
  return `${tag}-${process.pid}-${Date.now()}-${seq}@example.com`;
}

/** The `sid=...` pair of a reply's session cookie, ready to send back as a Cookie header. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === "sid");
  if (!cookie) throw new Error(`no session cookie in the reply (status ${res.statusCode}: ${res.body})`);
  return `sid=${cookie.value}`;
}

export type TestUser = { id: number; email: string; password: string; cookie: string; userType: UserType };

/** A user of the given type, created in the database and signed in through the API. */
export async function createUser(
  ctx: TestContext,
  userType: UserType,
  name: string = userType,
  { verified = true }: { verified?: boolean } = {},
): Promise<TestUser> {
  const email = uniqueEmail(name);
  const password = `pw-${name}-secret`;
  const row = await insertUser(ctx.database.db, {
    email,
    passwordHash: await hashPassword(password, TEST_SCRYPT_N),
    firstName: name.charAt(0).toUpperCase() + name.slice(1),
    lastName: "Tester",
    userType,
  });
  if (!row) throw new Error("could not create the test user");
  // An established account has confirmed its address (decision 114); a test of the unconfirmed asks.
  if (verified) await confirmEmail(ctx.database.db, row.id, email, ctx.clock.now());
  return { id: row.id, email, password, cookie: (await signIn(ctx, email, password)).cookie, userType };
}

/** Signs in through the API; answers the session's cookie and the type of the user signed in. */
export async function signIn(
  ctx: Pick<TestContext, "app">,
  email: string,
  password: string,
): Promise<{ cookie: string; userType: UserType }> {
  const res = await signInRequest(ctx, email, password);
  return { cookie: sessionCookie(res), userType: res.json().userType };
}

/**
 * The sign-in request itself, for a test that reads its answer. `remoteAddress` keeps a test's failed sign-ins
 * apart from other tests' (the throttle counts failures per network and account, decision 116).
 */
export function signInRequest(ctx: Pick<TestContext, "app">, email: string, password: string, remoteAddress?: string) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-in",
    payload: { email, password },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

/** inject() as a signed-in user. */
export function as(ctx: TestContext, user: Pick<TestUser, "cookie"> | null, opts: InjectOptions) {
  return ctx.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(user ? { cookie: user.cookie } : {}) } });
}

/** The headers of a request another site's page makes a browser send: its Fetch Metadata and its Origin. */
export const FROM_ANOTHER_SITE = { "sec-fetch-site": "cross-site", origin: "https://evil.example" };

/** Who a test's request is from: a user, or null for a visitor who is signed out. */
export type Caller = Pick<TestUser, "cookie"> | null;

/**
 * A test file's calls of the API: `call(user, method, url, payload?)` and one per method, each as the
 * caller (signed out when null), with a JSON body only when one is given.
 */
export function apiAs(ctx: TestContext) {
  const call = (user: Caller, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
    as(ctx, user, { method, url, ...(payload === undefined ? {} : { payload }) });
  return {
    call,
    get: (user: Caller, url: string) => call(user, "GET", url),
    post: (user: Caller, url: string, payload?: object) => call(user, "POST", url, payload),
    patch: (user: Caller, url: string, payload?: object) => call(user, "PATCH", url, payload),
  };
}

/**
 * Two users acting on each other at the same moment (`act(by, on)`), as a race: both answers, and their
 * status codes sorted, so that `codes[0]` is the winner's (200) and `codes[1]` the loser's.
 */
export async function eachOnTheOther<U>(
  x: U,
  y: U,
  act: (by: U, on: U) => Promise<LightMyRequestResponse>,
): Promise<{ xOnY: LightMyRequestResponse; yOnX: LightMyRequestResponse; codes: number[] }> {
  const [xOnY, yOnX] = await Promise.all([act(x, y), act(y, x)]);
  return { xOnY, yOnX, codes: [xOnY.statusCode, yOnX.statusCode].sort() };
}

/**
 * Rate limits count in fixed windows of the app's clock. A test that fills one first moves the clock
 * to the start of the next window, so that its hits all land in that one window.
 */
export function startNewWindow(ctx: Pick<TestContext, "clock">, windowMs: number): void {
  const now = ctx.clock.now().getTime();
  ctx.clock.advance(windowMs - (now % windowMs));
}
