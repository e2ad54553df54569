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

/** The account's password, asked again before a change of password or of email. */
const currentPassword = z.string().min(1, "Enter your current password").max(PASSWORD_MAX, "Password is too long");
/** The token of an emailed link (password reset, email confirmation). */
const linkToken = z.string().min(1, "The link is incomplete").max(200, "The link is not valid");

export const signUpSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100, "First name is too long"),
  lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name is too long"),
  email,
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  /** Where the link in the confirmation email leads once opened (a path of this site). */
  returnTo: z.string().max(2048).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX, "Password is too long"),
});
export type SignInInput = z.infer<typeof signInSchema>;

const SAME_SITE_BASE = "https://same-site.invalid";

/** C0 and C1 control characters (browsers drop tabs and newlines from URLs) and DEL. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Only same-site paths may be a place to return to after sign-in (no open redirect). Browsers drop tabs
 * and newlines and read a backslash as a slash, so `/\t/evil.example` and `/\\evil.example` would lead
 * to another site: anything with a control character or a backslash is refused outright, and what is
 * left must still resolve to this site, outside the API.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string") return "/";
  const path = value.slice(0, 2048);
  if (hasControlCharacter(path) || path.includes("\\")) return "/";
  if (!path.startsWith("/") || path.startsWith("//")) return "/";
  let url: URL;
  try {
    url = new URL(path, SAME_SITE_BASE);
  } catch {
    return "/";
  }
  if (url.origin !== SAME_SITE_BASE) return "/";
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return "/";
  return path;
}

export const updateProfileSchema = z.strictObject({
  firstName: signUpSchema.shape.firstName,
  lastName: signUpSchema.shape.lastName,
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const changePasswordSchema = z
  .strictObject({
    currentPassword,
    newPassword: signUpSchema.shape.password,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ["newPassword"],
    message: "The new password must differ from the current one",
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Minutes a password reset link works (issue 14: 30). */
export const PASSWORD_RESET_MINUTES = 30;

/** The same answer whether or not an account has the email: it tells nobody who is registered. */
export const PASSWORD_RESET_REQUESTED_MESSAGE = `If an account uses that email, we have sent it a link to choose a new password. The link works for ${PASSWORD_RESET_MINUTES} minutes.`;
export const PASSWORD_RESET_LINK_INVALID_MESSAGE = "This link has expired or has already been used. Ask for a new one.";

/** POST /api/auth/password-reset/request */
export const requestPasswordResetSchema = z.strictObject({ email });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;

/** POST /api/auth/password-reset */
export const resetPasswordSchema = z.strictObject({
  token: linkToken,
  password: signUpSchema.shape.password,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** GET /api/auth/sessions: one of the account's live sign-ins (decision 117). */
export const accountSessionSchema = z.object({
  /** A handle for signing it out; not the cookie, nor what the database keys it by. */
  id: z.string(),
  /** "Chrome on macOS", from the browser's User-Agent when it signed in. */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** Hours an email confirmation link works. */
export const EMAIL_VERIFICATION_HOURS = 24;

/**
 * What sign-up answers, for a new address and for one that has an account alike (decision 115): the
 * owner of an existing account is told by email instead.
 */
export function signUpAnswer(email: string): string {
  return `We have sent a link to ${email}. Open it to confirm your email and sign in; it works for ${EMAIL_VERIFICATION_HOURS} hours.`;
}
export const EMAIL_LINK_INVALID_MESSAGE =
  "This link has expired or has already been used. Sign in to ask for a new one.";

/** POST /api/auth/verify-email */
export const verifyEmailSchema = z.strictObject({
  token: linkToken,
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** POST /api/auth/email: the new address takes effect when the link sent to it is opened. */
export const changeEmailSchema = z.strictObject({
  email,
  currentPassword,
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export function emailChangeAnswer(email: string): string {
  return `We have sent a link to ${email}. Your email changes when you open it; until then it stays as it is.`;
}
