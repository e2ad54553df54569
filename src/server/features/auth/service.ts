import { createHash, randomBytes } from "node:crypto";
import {
  type ChangePasswordInput,
  LOGIN_FAILED_MESSAGE,
  type SignInInput,
  type UpdateProfileInput,
} from "@/shared/auth";
import { ACCOUNT_SUSPENDED_MESSAGE } from "@/shared/reports";
import type { PublicUser } from "@/shared/users";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { ConflictError, FieldError, ForbiddenError, UnauthorizedError } from "../../errors";
import { type MessagingDeps, queueEmail } from "../notifications/service";
import { revokeAllApiTokens } from "./api-tokens";
import { passwordChangedEmail } from "./emails";
import { hashPassword, unopenableHash, verifyPassword } from "./password";
import { type PasswordOwner, passwordProblem } from "./password-policy";
import * as q from "./queries";
import { checkPasswordThrottled, requireCurrentPassword, type ThrottleDeps } from "./throttle";

export type AuthDeps = ThrottleDeps &
  MessagingDeps & { db: Db; passwordScryptN: number; sessionTtlMs: number; sessionIdleMs: number; now: Clock };

/** An account keeps this many sessions at most; a new one ends the least recently used (decision 117). */
export const MAX_SESSIONS_PER_ACCOUNT = 20;

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
    emailVerified: u.emailVerifiedAt !== null,
  };
}

/** The cookie carries the token; the table keeps only its hash. */
export function sessionIdFromToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function startSession(
  deps: Pick<AuthDeps, "db" | "now" | "sessionTtlMs">,
  userId: number,
  userAgent: string | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url"); // 256 random bits
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.sessionTtlMs);
  await q.insertSession(deps.db, {
    id: sessionIdFromToken(token),
    userId,
    expiresAt,
    now,
    userAgent: userAgent?.slice(0, 512) ?? null,
  });
  await q.trimSessions(deps.db, userId, MAX_SESSIONS_PER_ACCOUNT);
  return { token, expiresAt };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await q.deleteSession(db, sessionIdFromToken(token));
}

/** A 400 naming the field when the password is one the policy refuses (decision 112). */
export async function refuseWeakPassword(field: string, password: string, owner: PasswordOwner): Promise<void> {
  const problem = await passwordProblem(password, owner);
  if (problem) throw new FieldError(field, problem);
}

export async function signIn(deps: AuthDeps, input: SignInInput, address: string): Promise<UserRow> {
  const user = await q.findUserByEmail(deps.db, input.email);
  // Without an account, a hash no password opens, at the same cost: the answer's timing does not tell
  // whether the email is registered.
  const stored = user?.passwordHash ?? unopenableHash(deps.passwordScryptN);
  const ok = await checkPasswordThrottled(deps, input.email, address, () => verifyPassword(input.password, stored));
  if (!user || !ok) throw new UnauthorizedError(LOGIN_FAILED_MESSAGE);
  // Told only to whoever knows the password (decision 135): to anyone else it is the usual failure.
  refuseSuspended(user);
  return user;
}

/** A suspended account gets no new session (decision 135). */
export function refuseSuspended(user: UserRow): void {
  if (user.suspendedAt) throw new ForbiddenError(ACCOUNT_SUSPENDED_MESSAGE);
}

/** Keeps the sign-in attempts of the last day (the limits look at 15 minutes) and no ended sessions. */
export async function purgeOldAuthRows({ db, now, sessionIdleMs }: Pick<AuthDeps, "db" | "now" | "sessionIdleMs">) {
  const at = now();
  return q.purgeOldAuthRows(
    db,
    new Date(at.getTime() - 24 * 60 * 60 * 1000),
    at,
    new Date(at.getTime() - sessionIdleMs),
  );
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
  address: string,
): Promise<void> {
  await requireCurrentPassword(deps, user, input.currentPassword, address);
  await refuseWeakPassword("newPassword", input.newPassword, user);
  const passwordHash = await hashPassword(input.newPassword, deps.passwordScryptN);
  await deps.db.transaction(async (tx) => {
    // The account as it is now: one deleted, or whose password changed, since this request read it stays as it is.
    const current = await q.lockUser(tx, user.id);
    if (!current || current.passwordHash !== user.passwordHash) {
      throw new ConflictError("Your account changed meanwhile. Reload the page and try again.");
    }
    await q.updatePasswordHash(tx, user.id, passwordHash);
    await endAccessOfOldPassword(tx, deps, user, sessionIdFromToken(currentToken));
  });
}

/**
 * What a new password ends, in the change's transaction: the account's sessions (but the one that made
 * the change, if named), its API tokens and any reset link sent before (OWASP: it would undo the change);
 * and the owner is told by email.
 */
export async function endAccessOfOldPassword(
  tx: Db,
  deps: MessagingDeps,
  user: Pick<UserRow, "id" | "email" | "firstName">,
  keepSessionId: string | null,
): Promise<void> {
  if (keepSessionId === null) await q.deleteAllSessions(tx, user.id);
  else await q.deleteOtherSessions(tx, user.id, keepSessionId);
  await revokeAllApiTokens(tx, user.id, deps.now());
  await q.deleteAccountTokens(tx, user.id, "password_reset");
  await queueEmail(tx, deps, {
    userId: user.id,
    kind: "account.password_changed",
    email: passwordChangedEmail(deps.appUrl, user),
  });
}
