// Who is signed in: the app's guards and layout and most features ask, so the read lives here rather
// than in a feature (decision 080). The sign-in, sign-up and account calls live in their features.
import { hashKey, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { NULL_IF_NONE } from "@/shared/null-if-none";
import type { PublicUser } from "@/shared/users";
import { getJson } from "./api";
import { queryKeys } from "./query-keys";

// Empty (or any failure) means "not signed in" (spec section 7), so this read answers null for it. It
// asks for null rather than a 401, which the browser would log as an error on every visitor's page
// (decision 154).
export const authUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.user(),
    queryFn: async () => {
      try {
        return await getJson<PublicUser | null>(`/api/auth/user?${NULL_IF_NONE}`);
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

/**
 * After this browser signed itself out without leaving the page (signing out everywhere): nothing of
 * the account stays cached, and the guards send the page home, in the page, as when the session ends
 * elsewhere. A full page load would race that move home (two navigations at once).
 */
export function useSetSignedOut(): () => void {
  const queryClient = useQueryClient();
  return () => {
    const auth = authUserQueryOptions().queryKey;
    queryClient.setQueryData(auth, null);
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(auth) });
  };
}
