import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Company, CompanyProfileInput } from "@/shared/companies";
import { NULL_IF_NONE } from "@/shared/null-if-none";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage, getJson, requestJson } from "@/web/lib/api";
import { authUserQueryOptions } from "@/web/lib/auth";
import { queryKeys } from "@/web/lib/query-keys";

/**
 * The signed-in provider's company; null when there is none yet (a provider an admin made), asked as
 * null rather than a 404 the browser would log as an error (decision 154). Only providers ask.
 */
export const ownCompanyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.companies.mine(),
    queryFn: () => getJson<Company | null>(`/api/companies/me?${NULL_IF_NONE}`),
  });

function useCompanySaved() {
  const queryClient = useQueryClient();
  return async (company: Company) => {
    queryClient.setQueryData(ownCompanyQueryOptions().queryKey, company);
    await queryClient.invalidateQueries(ownCompanyQueryOptions());
  };
}

const showError = (err: unknown) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" });

/** POST /api/companies: the user becomes a provider, so the signed-in user is read again too. */
export function useRegisterCompany() {
  const queryClient = useQueryClient();
  const saved = useCompanySaved();
  return useMutation({
    mutationFn: (values: CompanyProfileInput) => requestJson<Company>("POST", "/api/companies", values),
    onSuccess: async (company) => {
      toast({
        title: "Company Profile Created",
        description: "Our team will review and verify your company profile. We'll email you once it's approved.",
      });
      await Promise.all([saved(company), queryClient.invalidateQueries(authUserQueryOptions())]);
    },
    onError: showError,
  });
}

/** PUT /api/companies/me: an edit, or the resubmission of a rejected profile. */
export function useUpdateCompany() {
  const saved = useCompanySaved();
  return useMutation({
    mutationFn: (values: CompanyProfileInput) => requestJson<Company>("PUT", "/api/companies/me", values),
    onSuccess: saved,
    onError: showError,
  });
}
