import { createHash, randomBytes } from "node:crypto";
import {
  type ChangePasswordInput,
  LOGIN_FAILED_MESSAGE,
  type SignInInput,
  type SignUpInput,
  type UpdateProfileInput,
} from "@/shared/auth";
import type { PublicUser } from "@/shared/users";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { BadRequestError, ConflictError, TooManyRequestsError, UnauthorizedError } from "../../errors";
import { hashPassword, verifyPassword } from "./password";
import * as q from "./queries";

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export type AuthDeps = { db: Db; passwordScryptN: number; sessionTtlMs: number; now: Clock };

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    userType: u.userType,
    totalPoints: u.totalPoints,
    level: u.level,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The cookie carries the token; the table keeps only its hash. */
export function sessionIdFromToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function startSession(deps: AuthDeps, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url"); // 256 random bits
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.sessionTtlMs);
  await q.insertSession(deps.db, sessionIdFromToken(token), userId, expiresAt, now);
  return { token, expiresAt };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await q.deleteSession(db, sessionIdFromToken(token));
}

export async function userForSession({ db, now }: Pick<AuthDeps, "db" | "now">, token: string) {
  return q.findUserBySession(db, sessionIdFromToken(token), now());
}

export async function signUp(deps: AuthDeps, input: SignUpInput): Promise<UserRow> {
  const existing = await q.findUserByEmail(deps.db, input.email);
  if (existing) throw new ConflictError("An account with this email already exists. Sign in instead.");
  const passwordHash = await hashPassword(input.password, deps.passwordScryptN);
  const user = await q.insertUser(deps.db, {
    email: input.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
  });
  if (!user) throw new ConflictError("An account with this email already exists. Sign in instead.");
  return user;
}

// Verifying against this when the account does not exist keeps the answer's timing from telling
// whether an email is registered.
let dummyHash: Promise<string> | null = null;

export async function signIn(deps: AuthDeps, input: SignInInput, ip: string): Promise<UserRow> {
  // The attempt is written first and counted with the others: requests sent at once cannot all pass
  // the check before any of them is recorded. One turned away by the limit is not counted.
  const now = deps.now();
  const attempt = await q.reserveLoginAttempt(deps.db, input.email, ip, now);
  const failures = await q.countRecentFailures(deps.db, input.email, ip, new Date(now.getTime() - LOGIN_WINDOW_MS));
  if (failures.byEmail > MAX_FAILURES_PER_ACCOUNT || failures.byIp > MAX_FAILURES_PER_ADDRESS) {
    await q.deleteLoginAttempt(deps.db, attempt);
    throw new TooManyRequestsError(
      "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
      LOGIN_WINDOW_MS / 1000,
    );
  }
  const user = await q.findUserByEmail(deps.db, input.email);
  dummyHash ??= hashPassword("not-a-real-password", deps.passwordScryptN);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !ok) throw new UnauthorizedError(LOGIN_FAILED_MESSAGE);
  await q.markLoginAttempt(deps.db, attempt, true);
  return user;
}

/** Keeps the sign-in attempts of the last day (the limits look at 15 minutes) and no ended sessions. */
export async function purgeOldAuthRows({ db, now }: Pick<AuthDeps, "db" | "now">) {
  const at = now();
  return q.purgeOldAuthRows(db, new Date(at.getTime() - 24 * 60 * 60 * 1000), at);
}

/** Creates an admin, or promotes an existing account (the command line's way to the first admin). */
export async function createOrPromoteAdmin(
  deps: Pick<AuthDeps, "db" | "passwordScryptN">,
  input: { email: string; password?: string; firstName?: string; lastName?: string },
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await q.findUserByEmail(deps.db, input.email);
  if (existing) {
    const user = await q.setUserType(deps.db, existing.id, "admin");
    if (!user) throw new Error("The account disappeared while being promoted.");
    return { user, created: false };
  }
  if (!input.password) throw new ConflictError("No account has this email: give --password to create one.");
  const user = await q.insertUser(deps.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password, deps.passwordScryptN),
    firstName: input.firstName ?? "Admin",
    lastName: input.lastName ?? "User",
    userType: "admin",
  });
  if (!user) throw new ConflictError("An account with this email was created meanwhile; run again to promote it.");
  return { user, created: true };
}

export async function updateProfile(db: Db, userId: number, input: UpdateProfileInput): Promise<UserRow> {
  const user = await q.updateUserName(db, userId, input.firstName, input.lastName);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** A new password ends every other session: a stolen cookie stops working. */
export async function changePassword(
  deps: AuthDeps,
  user: UserRow,
  currentToken: string,
  input: ChangePasswordInput,
): Promise<void> {
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new BadRequestError("currentPassword: The current password is not right");
  }
  const passwordHash = await hashPassword(input.newPassword, deps.passwordScryptN);
  await deps.db.transaction(async (tx) => {
    await q.updatePasswordHash(tx, user.id, passwordHash);
    await q.deleteOtherSessions(tx, user.id, sessionIdFromToken(currentToken));
  });
}
