// The account settings every role has: the name and the password (PATCH /api/auth/profile,
// POST /api/auth/password).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordInput, UpdateProfileInput } from "@/shared/auth";
import type { PublicUser } from "@/shared/users";
import { toast } from "@/web/components/ui/use-toast";
import { apiRequest, errorMessage, type MutationCallbacks, requestJson } from "@/web/lib/api";
import { authUserQueryOptions } from "@/web/lib/auth";

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
