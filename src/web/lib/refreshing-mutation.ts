import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";

type RefreshingMutationOptions<R, V> = Omit<UseMutationOptions<R, Error, V>, "onSettled"> & {
  /** The queries read again once the mutation is done (a key factory's key, or a prefix of several). */
  refresh: QueryKey;
  /**
   * Only after a success, for a change that cannot have happened when the server said no; else after a
   * failure too (another user's change may be why it failed). With it, the mutation has no onSuccess of its own.
   */
  afterSuccessOnly?: boolean;
};

/**
 * A mutation that reads `refresh` again when it is done; mutateAsync resolves once that read is done, so
 * a form closed on success shows the list as it is now.
 */
export function useRefreshingMutation<R, V>({
  refresh,
  afterSuccessOnly = false,
  ...options
}: RefreshingMutationOptions<R, V>) {
  const queryClient = useQueryClient();
  const reread = () => queryClient.invalidateQueries({ queryKey: refresh });
  return useMutation<R, Error, V>(
    afterSuccessOnly ? { ...options, onSuccess: reread } : { ...options, onSettled: reread },
  );
}
