import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PublicUser } from "@/shared/users";
import { getJson } from "@/web/lib/api";

// A 401 (or any failure) means "not signed in" (spec section 7), so this read answers null for it.
export const authUserQueryOptions = () =>
  queryOptions({
    queryKey: ["auth", "user"],
    queryFn: async () => {
      try {
        return await getJson<PublicUser>("/api/auth/user", "returnNull");
      } catch {
        return null;
      }
    },
  });

export function useAuth(): { user: PublicUser | null; isLoading: boolean; isAuthenticated: boolean } {
  const { data, isLoading } = useQuery(authUserQueryOptions());
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}

/** After sign-in or sign-up: every cached read belonged to the previous visitor. */
export function useSetSignedInUser(): (user: PublicUser) => void {
  const queryClient = useQueryClient();
  return (user) => {
    queryClient.clear();
    queryClient.setQueryData(authUserQueryOptions().queryKey, user);
  };
}
