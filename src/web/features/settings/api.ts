// The account settings every role has: the name and the password (PATCH /api/auth/profile,
// POST /api/auth/password), and the account's sessions (/api/auth/sessions).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccountSession, ChangeEmailInput, ChangePasswordInput, UpdateProfileInput } from "@/shared/auth";
import type { PublicUser } from "@/shared/users";
import { toast } from "@/web/components/ui/use-toast";
import { apiRequest, errorMessage, getJson, type MutationCallbacks, requestJson } from "@/web/lib/api";
import { authUserQueryOptions } from "@/web/lib/auth";
import { queryKeys } from "@/web/lib/query-keys";

const showError = (err: unknown) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateProfileInput) => requestJson<PublicUser>("PATCH", "/api/auth/profile", values),
    onSuccess: (updated) => {
      queryClient.setQueryData(authUserQueryOptions().queryKey, updated);
      toast({ title: "Profile Updated", description: "Your name has been saved." });
    },
    onError: showError,
  });
}

/** The page empties its form on success; the server has signed out the user's other sessions. */
export function useChangePassword({ onSuccess, onError = showError }: MutationCallbacks<void> = {}) {
  return useMutation({
    mutationFn: async (values: ChangePasswordInput) => {
      await apiRequest("POST", "/api/auth/password", values);
    },
    onSuccess: () => {
      onSuccess?.();
      toast({ title: "Password Changed", description: "You have been signed out on your other devices." });
    },
    onError,
  });
}

/** GET /api/auth/sessions: the account's live sign-ins, this browser's first. */
export function useSessions() {
  return useQuery({
    queryKey: queryKeys.auth.sessions(),
    queryFn: () => getJson<AccountSession[]>("/api/auth/sessions"),
  });
}

/** DELETE /api/auth/sessions/:id: that device is signed out on its next request. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (session: AccountSession) => {
      await apiRequest("DELETE", `/api/auth/sessions/${encodeURIComponent(session.id)}`);
      return session;
    },
    onSuccess: (session) => {
      toast({ title: "Signed Out", description: `${session.device} is signed out.` });
    },
    onError: showError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.sessions() }),
  });
}

/** POST /api/auth/sessions/sign-out-everywhere: this browser too. */
export function useSignOutEverywhere({ onSuccess }: Pick<MutationCallbacks<void>, "onSuccess"> = {}) {
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/auth/sessions/sign-out-everywhere");
    },
    onSuccess,
    onError: showError,
  });
}

/** POST /api/auth/email: the new address takes effect when the link sent to it is opened. */
export function useChangeEmail({ onSuccess, onError = showError }: MutationCallbacks<{ message: string }> = {}) {
  return useMutation({
    mutationFn: (values: ChangeEmailInput) => requestJson<{ message: string }>("POST", "/api/auth/email", values),
    onSuccess,
    onError,
  });
}
