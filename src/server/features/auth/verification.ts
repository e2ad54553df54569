// Sign-up that tells nobody who is registered, email verification and email change (decisions 114, 115).
// Sign-up answers the same whatever the address: a new one gets an account and a confirmation link, an
// address that has an account already gets an email saying so. A link confirms the address it was sent
// to: the account's own (it is verified, and the browser signed in) or the one it is moving to.
import {
  type ChangeEmailInput,
  EMAIL_LINK_INVALID_MESSAGE,
  EMAIL_VERIFICATION_HOURS,
  type SignUpInput,
  safeReturnTo,
  type VerifyEmailInput,
} from "@/shared/auth";
import { PATHS } from "@/shared/paths";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { BadRequestError, ConflictError, FieldError, TooManyRequestsError } from "../../errors";
import { hitRateLimit, type RateLimit } from "../../http/rate-limit";
import { composeEmail } from "../notifications/compose";
import { queueEmail } from "../notifications/service";
import { releaseHeldRequests } from "./held-requests";
import { hashPassword } from "./password";
import * as q from "./queries";
import { accountTokenId, issueAccountToken } from "./recovery";
import { type AuthDeps, refuseWeakPassword } from "./service";
import { requireCurrentPassword } from "./throttle";

const VERIFICATION_TTL_MS = EMAIL_VERIFICATION_HOURS * 3600_000;
/** Emails about one account's address an hour (links, and "you already have an account"); more are dropped. */
export const MAX_ACCOUNT_EMAILS_PER_HOUR = 3;

export const RESEND_LIMIT: RateLimit = {
  name: "verify-resend",
  max: MAX_ACCOUNT_EMAILS_PER_HOUR,
  windowMs: 3600_000,
  message: "We have sent several links in the last hour. Check your inbox and spam folder, or try again later.",
};

function verificationPath(token: string, returnTo: string): string {
  const params = new URLSearchParams({ token });
  if (returnTo !== PATHS.home) params.set("returnTo", returnTo);
  return `${PATHS.verifyEmail}#${params.toString()}`;
}

/** A confirmation link for `email` (the account's, or the one it moves to), written in `tx`. */
async function sendVerification(
  tx: Db,
  deps: AuthDeps,
  user: Pick<UserRow, "id" | "firstName">,
  email: string,
  returnTo: string,
  change: boolean,
): Promise<void> {
  const token = await issueAccountToken(tx, user, "email_verification", email, deps.now(), VERIFICATION_TTL_MS);
  const content = composeEmail(deps.appUrl, {
    to: { email, firstName: user.firstName },
    subject: change ? "Confirm your new email address" : "Confirm your email address",
    paragraphs: change
      ? [
          "You asked to sign in to your account with this address from now on. Open the link to confirm it; until then your account keeps its old address.",
          `The link works once, for ${EMAIL_VERIFICATION_HOURS} hours.`,
        ]
      : [
          "Welcome! Open the link to confirm your email address and sign in.",
          `The link works once, for ${EMAIL_VERIFICATION_HOURS} hours. If you did not create an account, ignore this email.`,
        ],
    action: { label: change ? "Confirm my new email" : "Confirm my email", path: verificationPath(token, returnTo) },
  });
  await queueEmail(tx, deps, { userId: user.id, kind: "account.email_verification", email: content });
}

/** Whether one more email about this account's address may go out this hour (silently no when not). */
async function mayEmailAccount(deps: AuthDeps, userId: number, about: string): Promise<boolean> {
  try {
    await hitRateLimit(deps.db, { ...RESEND_LIMIT, name: `account-email-${about}` }, `user:${userId}`, deps.now());
    return true;
  } catch (err) {
    if (err instanceof TooManyRequestsError) return false;
    throw err;
  }
}

/** Tells the owner of `existing` that someone tried to make (or move) an account to its address. */
async function sendAccountExists(deps: AuthDeps, existing: UserRow): Promise<void> {
  if (!(await mayEmailAccount(deps, existing.id, "exists"))) return;
  const content = composeEmail(deps.appUrl, {
    to: existing,
    subject: "You already have an account",
    paragraphs: [
      "Someone, probably you, tried to create an account with this email address. You already have one, so nothing was created.",
      "Sign in with your password, or choose a new one if you have forgotten it. If it was not you, you can ignore this email.",
    ],
    action: { label: "Forgot your password?", path: PATHS.forgotPassword },
  });
  await deps.db.transaction((tx) =>
    queueEmail(tx, deps, { userId: existing.id, kind: "account.exists", email: content }),
  );
}

/**
 * The same work and the same answer whatever the address: the password is judged and hashed either
 * way, and either way one email goes out.
 */
export async function signUp(deps: AuthDeps, input: SignUpInput): Promise<void> {
  await refuseWeakPassword("password", input.password, input);
  const passwordHash = await hashPassword(input.password, deps.passwordScryptN);
  const existing = await q.findUserByEmail(deps.db, input.email);
  if (existing) return sendAccountExists(deps, existing);
  const returnTo = safeReturnTo(input.returnTo);
  const created = await deps.db.transaction(async (tx) => {
    const user = await q.insertUser(tx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    if (user) await sendVerification(tx, deps, user, user.email, returnTo, false);
    return user;
  });
  // Two sign-ups with one address at once: the one that lost is told as an existing address is.
  if (!created) {
    const winner = await q.findUserByEmail(deps.db, input.email);
    if (winner) await sendAccountExists(deps, winner);
  }
}

/** Confirms the address a link was sent to; answers the account, which the route signs in. */
export async function verifyEmail(deps: AuthDeps, input: VerifyEmailInput): Promise<UserRow> {
  const id = accountTokenId(input.token);
  const now = deps.now();
  const token = await q.findAccountToken(deps.db, id, "email_verification", now);
  if (!token) throw new BadRequestError(EMAIL_LINK_INVALID_MESSAGE);
  const user = await onUniqueViolation(
    deps.db.transaction(async (tx) => {
      if (!(await q.takeAccountToken(tx, id, now))) throw new BadRequestError(EMAIL_LINK_INVALID_MESSAGE);
      const current = await q.findUserById(tx, token.userId);
      if (!current) throw new BadRequestError(EMAIL_LINK_INVALID_MESSAGE);
      if (current.email !== token.email && (await q.findUserByEmail(tx, token.email))) {
        throw new ConflictError(TAKEN);
      }
      const updated = await q.confirmEmail(tx, current.id, token.email, now);
      await releaseHeldRequests(tx, deps.jobs, current);
      await q.deleteAccountTokens(tx, current.id, "email_verification");
      return updated;
    }),
  );
  if (!user) throw new BadRequestError(EMAIL_LINK_INVALID_MESSAGE);
  return user;
}

const TAKEN = "Another account uses this email address now. Sign in and choose another one.";

/** A move to an address another account took meanwhile (the unique index caught it): 409, not 500. */
async function onUniqueViolation<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const codeOf = (e: unknown) => (e as { code?: unknown } | null)?.code;
    if (codeOf(err) === "23505" || codeOf((err as { cause?: unknown }).cause) === "23505") {
      throw new ConflictError(TAKEN);
    }
    throw err;
  }
}

/** Another confirmation link for the signed-in account's address. */
export async function resendVerification(deps: AuthDeps, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) throw new ConflictError("Your email address is confirmed already.");
  await hitRateLimit(deps.db, RESEND_LIMIT, `user:${user.id}`, deps.now());
  await deps.db.transaction((tx) => sendVerification(tx, deps, user, user.email, PATHS.home, false));
}

/**
 * A new address for the account, confirmed by a link sent to it; the old address is told. The answer is
 * the same when the new address has an account already (its owner is told instead).
 */
export async function requestEmailChange(
  deps: AuthDeps,
  user: UserRow,
  input: ChangeEmailInput,
  network: string,
): Promise<void> {
  await requireCurrentPassword(deps, user, input.currentPassword, network);
  if (input.email === user.email) throw new FieldError("email", "This is your email address already.");
  // Counted before the address is looked up, so a registered address and a free one reach the limit
  // together and answer alike: the 429 tells nothing about who has an account.
  if (!(await mayEmailAccount(deps, user.id, "change"))) {
    throw new TooManyRequestsError(RESEND_LIMIT.message, RESEND_LIMIT.windowMs / 1000);
  }
  const existing = await q.findUserByEmail(deps.db, input.email);
  if (existing) return sendAccountExists(deps, existing);
  await deps.db.transaction(async (tx) => {
    await sendVerification(tx, deps, user, input.email, PATHS.settings, true);
    const notice = composeEmail(deps.appUrl, {
      to: user,
      subject: "Your email address is changing",
      paragraphs: [
        `You asked to use ${input.email} for your account from now on. It takes effect when the link sent there is opened.`,
        "If this was not you, change your password now: someone else may be signed in to your account.",
      ],
      action: { label: "Review your account", path: PATHS.settings },
    });
    await queueEmail(tx, deps, { userId: user.id, kind: "account.email_changing", email: notice });
  });
}
