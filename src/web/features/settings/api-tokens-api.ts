// The account's personal API tokens (issue 32 part 3, decision 174): listed, made (the answer carries the
// token, the only time it is shown) and revoked at /api/account/tokens, from a signed-in session.
import { queryOptions } from "@tanstack/react-query";
import type { ApiTokenList, CreateApiTokenInput, CreatedApiToken } from "@/shared/api-tokens";
import { apiRequest, getJson, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";
import { useRefreshingMutation } from "@/web/lib/refreshing-mutation";

const TOKENS = "/api/account/tokens";

/** The live tokens (neither revoked nor expired), newest first. */
export const apiTokensQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.apiTokens(),
    queryFn: () => getJson<ApiTokenList>(TOKENS),
    select: (list) => list.tokens,
  });

export const useCreateApiToken = () =>
  useRefreshingMutation({
    mutationFn: (input: CreateApiTokenInput) => requestJson<CreatedApiToken>("POST", TOKENS, input),
    refresh: queryKeys.auth.apiTokens(),
    afterSuccessOnly: true,
  });

/** Revoked at once: the next call with it answers 401. */
export const useRevokeApiToken = () =>
  useRefreshingMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `${TOKENS}/${id}`);
    },
    refresh: queryKeys.auth.apiTokens(),
    afterSuccessOnly: true,
  });
