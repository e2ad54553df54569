// The account's personal API tokens (issue 32 part 3, decision 174): listed, made (the answer carries the
// token, the only time it is shown) and revoked at /api/account/tokens, from a signed-in session.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiTokenList, CreateApiTokenInput, CreatedApiToken } from "@/shared/api-tokens";
import { apiRequest, getJson, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";

const TOKENS = "/api/account/tokens";

/** The live tokens (neither revoked nor expired), newest first. */
export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.apiTokens(),
    queryFn: () => getJson<ApiTokenList>(TOKENS),
    select: (list) => list.tokens,
  });

function useRefreshApiTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.apiTokens() });
}

export function useCreateApiToken() {
  const changed = useRefreshApiTokens();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => requestJson<CreatedApiToken>("POST", TOKENS, input),
    onSuccess: changed,
  });
}

/** Revoked at once: the next call with it answers 401. */
export function useRevokeApiToken() {
  const changed = useRefreshApiTokens();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `${TOKENS}/${id}`);
    },
    onSuccess: changed,
  });
}
