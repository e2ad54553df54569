import { z } from "zod";
import { PASSWORD_MAX } from "./auth";

// "Your data" (decision 118): the account's export and its deletion, which anonymises the account in
// place (other people's records still point at it) instead of removing its row.

/**
 * A deleted account's address: unique, in the reserved `.invalid` top-level domain (RFC 2606), so that
 * it can never receive mail nor be signed up with (the sign-up form refuses `.invalid`).
 */
export const DELETED_EMAIL_DOMAIN = "deleted.invalid";
export const DELETED_FIRST_NAME = "Deleted";
export const DELETED_LAST_NAME = "user";
/** What a kept request shows in place of the client's name once the client has deleted the account. */
export const DELETED_USER_NAME = `${DELETED_FIRST_NAME} ${DELETED_LAST_NAME}`;

export function deletedAccountEmail(userId: number): string {
  return `deleted-${userId}@${DELETED_EMAIL_DOMAIN}`;
}

/** The flag of a deleted account, without a column of its own: its address is in the reserved domain. */
export function isDeletedAccountEmail(email: string): boolean {
  return email.endsWith(`@${DELETED_EMAIL_DOMAIN}`);
}

export const deleteAccountSchema = z.strictObject({
  password: z
    .string("Enter your password to confirm")
    .min(1, "Enter your password to confirm")
    .max(PASSWORD_MAX, "Password is too long"),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const WRONG_PASSWORD_MESSAGE = "password: The password is not right; your account was not deleted";
export const LAST_ADMIN_DELETE_MESSAGE =
  "You are the only admin: deleting your account would leave nobody to run the marketplace. Make another user an admin first.";
