// Signing in and up. Who is signed in is read in src/web/lib/auth.ts: every part of the app asks.
import { useMutation } from "@tanstack/react-query";
import type { SignUpInput } from "@/shared/auth";
import type { PublicUser } from "@/shared/users";
import { type MutationCallbacks, requestJson } from "@/web/lib/api";
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

/** POST /api/auth/sign-up: the new account is signed in at once. */
export function useSignUp(callbacks: MutationCallbacks<PublicUser> = {}) {
  return useStartSession<SignUpInput>("/api/auth/sign-up", callbacks);
}
