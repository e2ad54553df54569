// Signing in and up. Who is signed in is read in src/web/lib/auth.ts: every part of the app asks.
import { useMutation } from "@tanstack/react-query";
import type { RequestPasswordResetInput, ResetPasswordInput, SignUpInput, VerifyEmailInput } from "@/shared/auth";
import type { PublicUser } from "@/shared/users";
import { apiRequest, type MutationCallbacks, requestJson } from "@/web/lib/api";
import { useSetSignedInUser } from "@/web/lib/auth";

type Credentials = { email: string; password: string };

/** A call that answers with the session's user, who replaces every cached read of the previous visitor. */
function useStartSession<TBody>(url: string, { onSuccess, onError }: MutationCallbacks<PublicUser>) {
  const setUser = useSetSignedInUser();
  return useMutation({
    mutationFn: (body: TBody) => requestJson<PublicUser>("POST", url, body),
    onSuccess: (user) => {
      setUser(user);
      onSuccess?.(user);
    },
    onError,
  });
}

/** POST /api/auth/sign-in */
export function useSignIn(callbacks: MutationCallbacks<PublicUser> = {}) {
  return useStartSession<Credentials>("/api/auth/sign-in", callbacks);
}

/**
 * POST /api/auth/sign-up: the same answer for every address (decision 115); the link in the email
 * confirms the address and signs the browser in.
 */
export function useSignUp(callbacks: MutationCallbacks<{ message: string }> = {}) {
  return useMutation({
    mutationFn: (body: SignUpInput) => requestJson<{ message: string }>("POST", "/api/auth/sign-up", body),
    ...callbacks,
  });
}

/** POST /api/auth/verify-email: the link's token confirms the address and signs this browser in. */
export function useVerifyEmail(callbacks: MutationCallbacks<PublicUser> = {}) {
  return useStartSession<VerifyEmailInput>("/api/auth/verify-email", callbacks);
}

/** POST /api/auth/verify-email/resend: another link to the signed-in account's address. */
export function useResendVerification(callbacks: MutationCallbacks<{ message: string }> = {}) {
  return useMutation({
    mutationFn: () => requestJson<{ message: string }>("POST", "/api/auth/verify-email/resend"),
    ...callbacks,
  });
}

/** POST /api/auth/password-reset/request: the answer is the same for every email. */
export function useRequestPasswordReset(callbacks: MutationCallbacks<{ message: string }> = {}) {
  return useMutation({
    mutationFn: (body: RequestPasswordResetInput) =>
      requestJson<{ message: string }>("POST", "/api/auth/password-reset/request", body),
    ...callbacks,
  });
}

/** POST /api/auth/password-reset: every session of the account ends; the visitor signs in again. */
export function useResetPassword(callbacks: MutationCallbacks<void> = {}) {
  return useMutation({
    mutationFn: async (body: ResetPasswordInput) => {
      await apiRequest("POST", "/api/auth/password-reset", body);
    },
    ...callbacks,
  });
}
