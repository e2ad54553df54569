import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "@/shared/public-config";
import { getJson } from "./api";
import { queryKeys } from "./query-keys";

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.publicConfig(),
    queryFn: () => getJson<PublicConfig>("/api/public-config"),
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
