// "Your data" (decision 118): the exports are plain links (the server answers a file); deleting the
// account is POST /api/account/delete with the password.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DeleteAccountInput } from "@/shared/account";
import { apiRequest, type MutationCallbacks } from "@/web/lib/api";
import { authUserQueryOptions } from "@/web/lib/auth";

export const ACCOUNT_EXPORT_URL = "/api/account/export";
/** The same, with the files the account uploaded beside it (decision 176). */
export const ACCOUNT_EXPORT_ZIP_URL = "/api/account/export.zip";

/** On success the server has ended every session: nothing cached belongs to anyone any more. */
export function useDeleteAccount({ onSuccess, onError }: MutationCallbacks<void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: DeleteAccountInput) => {
      await apiRequest("POST", "/api/account/delete", values);
    },
    onSuccess: () => {
      // The page leaves first, so that the guard of the page it was on never sees nobody signed in.
      onSuccess?.();
      queryClient.clear();
      queryClient.setQueryData(authUserQueryOptions().queryKey, null);
    },
    onError: (err) => onError?.(err),
  });
}
