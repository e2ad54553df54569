// The account's own emails that more than one service sends.
import { PATHS } from "@/shared/paths";
import type { UserRow } from "../../db/schema/users";
import { composeEmail } from "../notifications/compose";

/** Told after every change of the password, so that an owner who did not make it finds out. */
export function passwordChangedEmail(appUrl: string, user: Pick<UserRow, "email" | "firstName">) {
  return composeEmail(appUrl, {
    to: user,
    subject: "Your password was changed",
    paragraphs: [
      "The password of your account was just changed, every device signed in with the old one was signed out, and every API token of the account was revoked.",
      "If you did not do this, reset your password now and tell us.",
    ],
    action: { label: "Reset your password", path: PATHS.forgotPassword },
  });
}

/** Told when a new API token is made, so that an owner whose session was taken finds out (decision 174). */
export function apiTokenCreatedEmail(
  appUrl: string,
  user: Pick<UserRow, "email" | "firstName">,
  token: { name: string; scopes: readonly string[]; expiresAt: string },
) {
  return composeEmail(appUrl, {
    to: user,
    subject: "A new API token was created",
    paragraphs: [
      `A new API token, "${token.name}", was created for your account, with the scopes ${token.scopes.join(", ")}. It works until ${token.expiresAt.slice(0, 10)} unless revoked.`,
      "If you did not create it, revoke it in Settings and change your password: that revokes every token.",
    ],
    action: { label: "Open your API tokens", path: `${PATHS.settings}#api-tokens` },
  });
}
