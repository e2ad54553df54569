import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CaseStudy, CaseStudyInput, PublicProfileInput, PublicProfileSettings } from "@/shared/providers";
import { apiRequest, getJson, type MutationCallbacks, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";

/** GET /api/companies/me/public-profile: the address, the industries served and whether it is public. */
export const publicProfileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.companies.publicProfile(),
    queryFn: () => getJson<PublicProfileSettings>("/api/companies/me/public-profile"),
  });

/** GET /api/companies/me/case-studies: the owner's, in the order they were written (ten at most). */
export const caseStudiesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.companies.caseStudies(),
    queryFn: () => getJson<CaseStudy[]>("/api/companies/me/case-studies"),
  });

export function useUpdatePublicProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PublicProfileInput) =>
      requestJson<PublicProfileSettings>("PATCH", "/api/companies/me/public-profile", values),
    onSuccess: (saved) => {
      queryClient.setQueryData(publicProfileQueryOptions().queryKey, saved);
      // A new address may put the company's change under review (decision 149): its banner reads it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.companies.mine(), exact: true });
    },
  });
}

function useCaseStudiesChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(caseStudiesQueryOptions());
}

/** Adds (no id) or replaces (an id) a case study. */
export function useSaveCaseStudy() {
  const changed = useCaseStudiesChanged();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: CaseStudyInput }) =>
      id === null
        ? requestJson<CaseStudy>("POST", "/api/companies/me/case-studies", values)
        : requestJson<CaseStudy>("PUT", `/api/companies/me/case-studies/${id}`, values),
    onSuccess: changed,
  });
}

export function useDeleteCaseStudy(callbacks: MutationCallbacks = {}) {
  const changed = useCaseStudiesChanged();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", `/api/companies/me/case-studies/${id}`);
    },
    onSuccess: async () => {
      await changed();
      callbacks.onSuccess?.(undefined);
    },
    onError: (err) => callbacks.onError?.(err),
  });
}
