// Forgot password (decision 113): a single-use link by email, valid 30 minutes, kept only as a hash;
// using it sets the new password and ends every session of the account. Asking answers the same
// whether or not the email has an account.
import { createHash, randomBytes } from "node:crypto";
import {
  PASSWORD_RESET_LINK_INVALID_MESSAGE,
  PASSWORD_RESET_MINUTES,
  type RequestPasswordResetInput,
  type ResetPasswordInput,
} from "@/shared/auth";
import { PATHS } from "@/shared/paths";
import type { Db } from "../../db/client";
import type { AccountTokenRow } from "../../db/schema/account-tokens";
import type { UserRow } from "../../db/schema/users";
import { BadRequestError } from "../../errors";
import { hitRateLimit, type RateLimit } from "../../http/rate-limit";
import { composeEmail } from "../notifications/compose";
import { type MessagingDeps, queueEmail } from "../notifications/service";
import { releaseHeldRequests } from "./held-requests";
import { hashPassword } from "./password";
import * as q from "./queries";
import { endAccessOfOldPassword, refuseWeakPassword } from "./service";

export type RecoveryDeps = MessagingDeps & { passwordScryptN: number };

/** One network may ask for this many reset emails an hour, whatever the addresses. */
export const PASSWORD_RESET_LIMIT: RateLimit = {
  name: "password-reset",
  max: 10,
  windowMs: 60 * 60 * 1000,
  message: "Too many password reset requests from your network. Please try again in an hour.",
};
/** One account is sent at most this many reset emails an hour; more are dropped without a word. */
export const MAX_RESET_EMAILS_PER_HOUR = 3;

const RESET_TTL_MS = PASSWORD_RESET_MINUTES * 60 * 1000;

export function accountTokenId(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token of 256 random bits: the email gets the token, the table its hash. */
export async function issueAccountToken(
  tx: Db,
  user: Pick<UserRow, "id">,
  purpose: AccountTokenRow["purpose"],
  email: string,
  now: Date,
  ttlMs: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await q.insertAccountToken(tx, {
    id: accountTokenId(token),
    userId: user.id,
    purpose,
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

export async function requestPasswordReset(
  deps: RecoveryDeps,
  input: RequestPasswordResetInput,
  network: string,
): Promise<void> {
  const now = deps.now();
  await hitRateLimit(deps.db, PASSWORD_RESET_LIMIT, network, now);
  const user = await q.findUserByEmail(deps.db, input.email);
  if (!user) return;
  // Counted from the mail sent, which stays, not from the links, which go when used or expired.
  const since = new Date(now.getTime() - 3600_000);
  const recent = await q.countEmailsSince(deps.db, user.id, "account.password_reset", since);
  if (recent >= MAX_RESET_EMAILS_PER_HOUR) return;
  await deps.db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, user, "password_reset", user.email, now, RESET_TTL_MS);
    const email = composeEmail(deps.appUrl, {
      to: user,
      subject: "Reset your password",
      paragraphs: [
        `Someone asked to reset the password of your account, probably you. The link below works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
        "If it was not you, ignore this email: your password stays as it is.",
      ],
      action: { label: "Choose a new password", path: `${PATHS.resetPassword}#token=${token}` },
    });
    await queueEmail(tx, deps, { userId: user.id, kind: "account.password_reset", email });
  });
}

/** Sets the new password from a live link, uses the link up, and signs the account out everywhere. */
export async function resetPassword(deps: RecoveryDeps, input: ResetPasswordInput): Promise<void> {
  const id = accountTokenId(input.token);
  const token = await q.findAccountToken(deps.db, id, "password_reset", deps.now());
  const user = token && (await q.findUserById(deps.db, token.userId));
  // A link sent to an address the account no longer has is not a key to it.
  if (!token || !user || user.email !== token.email) throw new BadRequestError(PASSWORD_RESET_LINK_INVALID_MESSAGE);
  await refuseWeakPassword("password", input.password, user);
  const passwordHash = await hashPassword(input.password, deps.passwordScryptN);
  await deps.db.transaction(async (tx) => {
    // Two uses of one link at once: only the one that deletes it goes on.
    if (!(await q.takeAccountToken(tx, id, deps.now()))) throw new BadRequestError(PASSWORD_RESET_LINK_INVALID_MESSAGE);
    // The account as it is now, held until the change commits: one deleted or moved to another address
    // while the new password was being hashed is not changed.
    const current = await q.lockUser(tx, user.id);
    if (!current || current.email !== token.email) throw new BadRequestError(PASSWORD_RESET_LINK_INVALID_MESSAGE);
    await q.setPasswordAfterReset(tx, user.id, passwordHash, token.email, deps.now());
    // The link proved the address: requests held for its confirmation go to providers.
    await releaseHeldRequests(tx, deps.jobs, current);
    // The owner proved it by the link: failed sign-ins before it no longer slow the account (decision 116).
    await q.insertLoginAttempt(tx, { email: user.email, ip: "password-reset", succeeded: true, createdAt: deps.now() });
    await endAccessOfOldPassword(tx, deps, user, null);
  });
}
