// The read of a settings card that only a provider with a company has (the public profile, the case
// studies, the lead preferences, the webhooks). Here rather than in a feature because four features'
// cards share it (decision 080).
import { type QueryKey, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import type { PublicUser } from "@/shared/users";
import { ApiError } from "./api";

/**
 * The card's query, not sent for a client or an admin; and whether the card is hidden: for them, while
 * the query loads, and when the provider has no company yet (404: the company card offers to create one).
 */
export function useCompanyCardQuery<TQueryFnData, TData, TKey extends QueryKey>(
  options: UseQueryOptions<TQueryFnData, Error, TData, TKey>,
  user: Pick<PublicUser, "userType">,
) {
  const enabled = user.userType === "provider";
  const query = useQuery({ ...options, enabled });
  const noCompany = query.error instanceof ApiError && query.error.status === 404;
  return [query, !enabled || query.isLoading || noCompany] as const;
}
