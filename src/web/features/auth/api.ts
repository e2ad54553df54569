// Signing in and up. Who is signed in is read in src/web/lib/auth.ts: every part of the app asks.
import { useMutation } from "@tanstack/react-query";
import type { SignUpInput } from "@/shared/auth";
import type { PublicUser } from "@/shared/users";
import { type MutationCallbacks, requestJson } from "@/web/lib/api";
import { useSetSignedInUser } from "@/web/lib/auth";

type Credentials = { email: string; password: string };

/** POST /api/auth/sign-in; the session's user replaces every cached read of the previous visitor. */
export function useSignIn({ onSuccess, onError }: MutationCallbacks<PublicUser> = {}) {
  const setUser = useSetSignedInUser();
  return useMutation({
    mutationFn: (credentials: Credentials) => requestJson<PublicUser>("POST", "/api/auth/sign-in", credentials),
    onSuccess: (user) => {
      setUser(user);
      onSuccess?.(user);
    },
    onError,
  });
}

/** POST /api/auth/sign-up: the new account is signed in at once. */
export function useSignUp({ onSuccess, onError }: MutationCallbacks<PublicUser> = {}) {
  const setUser = useSetSignedInUser();
  return useMutation({
    mutationFn: (values: SignUpInput) => requestJson<PublicUser>("POST", "/api/auth/sign-up", values),
    onSuccess: (user) => {
      setUser(user);
      onSuccess?.(user);
    },
    onError,
  });
}
