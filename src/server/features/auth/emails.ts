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
      "The password of your account was just changed, and every device signed in with the old one was signed out.",
      "If you did not do this, reset your password now and tell us.",
    ],
    action: { label: "Reset your password", path: PATHS.forgotPassword },
  });
}
