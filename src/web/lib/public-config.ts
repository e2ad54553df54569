import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "@/shared/public-config";
import { getJson } from "./api";

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ["public-config"],
    queryFn: async () => (await getJson<PublicConfig>("/api/public-config")) as PublicConfig,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
