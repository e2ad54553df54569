import { z } from "zod";

// OWASP: at least 8 characters, long passphrases allowed; the upper bound only stops abuse of the hash.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const LOGIN_FAILED_MESSAGE = "Login failed. Please try again.";

// `.invalid` is reserved (RFC 2606): it cannot receive mail, and deleted accounts' addresses live there (decision 118).
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "Email is too long")
  .pipe(z.email("Valid email is required"))
  .refine((v) => !v.endsWith(".invalid"), "This address cannot receive email: .invalid is a reserved domain");

export const signUpSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100, "First name is too long"),
  lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name is too long"),
  email,
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX, "Password is too long"),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Only same-site paths may be a place to return to after sign-in (no open redirect). */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string") return "/";
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  if (value.startsWith("/api/")) return "/";
  return value.slice(0, 2048);
}

export const updateProfileSchema = z.strictObject({
  firstName: signUpSchema.shape.firstName,
  lastName: signUpSchema.shape.lastName,
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1, "Enter your current password").max(PASSWORD_MAX, "Password is too long"),
    newPassword: signUpSchema.shape.password,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ["newPassword"],
    message: "The new password must differ from the current one",
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
