// Guessing passwords is throttled without locking the owner out (decision 116):
// - one network (rateLimitSubject) gets MAX_FAILURES_PER_ADDRESS failures in the window, over all accounts;
// - one network gets MAX_FAILURES_PER_PAIR failures on one account;
// - an account failing from everywhere is slowed down, a little more with each failure, never closed:
//   the right password from another network still gets in.
// A success ends the account's count. Attempts on one account are checked one after another in this
// process, each recorded with its outcome before the next is counted, so that a burst is held to the
// limits and correct sign-ins sent at once never count as failures.
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { FieldError, TooManyRequestsError } from "../../errors";
import { verifyPassword } from "./password";
import * as q from "./queries";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_PAIR = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
/** Failures on an account, from anywhere, before each further attempt on it waits. */
export const FREE_FAILURES_PER_ACCOUNT = 5;
export const MAX_ACCOUNT_DELAY_MS = 8000;

export const TOO_MANY_PASSWORD_TRIES = "Too many wrong passwords. Please wait 15 minutes and try again.";

/** How long an attempt on an account waits, given its failures in the window: 0.5 s, 1 s, 2 s ... up to 8 s. */
export function accountDelayMs(failures: number): number {
  if (failures <= FREE_FAILURES_PER_ACCOUNT) return 0;
  return Math.min(MAX_ACCOUNT_DELAY_MS, 250 * 2 ** (failures - FREE_FAILURES_PER_ACCOUNT));
}

export type ThrottleDeps = {
  db: Db;
  now: Clock;
  /** Waits out an account's slow-down (AppDeps.pause). */
  pause: (ms: number) => Promise<void>;
};

const queues = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task of the same key in this process has finished. */
async function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  try {
    return await run;
  } finally {
    if (queues.get(key) === settled) queues.delete(key);
  }
}

/**
 * Checks a password of the account `email` for the network `address` under the limits above, records
 * the outcome, and returns it. Throws 429 when a limit is spent (the password is then not checked).
 */
export async function checkPasswordThrottled(
  deps: ThrottleDeps,
  email: string,
  address: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const since = () => new Date(deps.now().getTime() - LOGIN_WINDOW_MS);
  const before = await q.countRecentFailures(deps.db, email, address, since());
  const delay = accountDelayMs(before.byAccount);
  if (delay > 0 && before.byPair < MAX_FAILURES_PER_PAIR && before.byAddress < MAX_FAILURES_PER_ADDRESS) {
    await deps.pause(delay);
  }
  return oneAtATime(`login:${email}`, async () => {
    const failures = await q.countRecentFailures(deps.db, email, address, since());
    if (failures.byPair >= MAX_FAILURES_PER_PAIR || failures.byAddress >= MAX_FAILURES_PER_ADDRESS) {
      throw new TooManyRequestsError(TOO_MANY_PASSWORD_TRIES, LOGIN_WINDOW_MS / 1000);
    }
    const ok = await check();
    await q.insertLoginAttempt(deps.db, { email, ip: address, succeeded: ok, createdAt: deps.now() });
    return ok;
  });
}

/**
 * A signed-in user's own password, asked again before a change to the account: each try costs a slow hash,
 * and a stolen session must not be a way to guess the password, so the tries count with the account's
 * sign-in attempts. True when it is the account's password.
 */
export function checkOwnPassword(
  deps: ThrottleDeps,
  user: Pick<UserRow, "email" | "passwordHash">,
  password: string,
  address: string,
): Promise<boolean> {
  return checkPasswordThrottled(deps, user.email, address, () => verifyPassword(password, user.passwordHash));
}

/** As checkOwnPassword, for a form's `currentPassword` field: a wrong one is that field's error. */
export async function requireCurrentPassword(
  deps: ThrottleDeps,
  user: Pick<UserRow, "email" | "passwordHash">,
  currentPassword: string,
  address: string,
): Promise<void> {
  if (!(await checkOwnPassword(deps, user, currentPassword, address))) {
    throw new FieldError("currentPassword", "The current password is not right");
  }
}
