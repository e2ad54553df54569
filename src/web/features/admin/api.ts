import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  AdminAlert,
  AdminAnalytics,
  AdminRequest,
  AdminStats,
  AdminUser,
  AlertCount,
  AnalyticsPeriod,
} from "@/shared/admin";
import type { Company, PendingProvider } from "@/shared/companies";
import type { EmailStatus, OutboxEmail, OutboxPage } from "@/shared/notifications";
import type { AdminStatus } from "@/shared/quote-request-status";
import type { SystemOverview } from "@/shared/system";
import type { UserType } from "@/shared/users";
import type { VerifiableDocumentKind } from "@/shared/vetting";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage, getJson, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";

export const pendingProvidersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.pendingProviders(),
    queryFn: () => getJson<PendingProvider[]>("/api/admin/pending-providers"),
  });

type Decision =
  | { id: number; kind: "approve"; verifiedDocuments?: VerifiableDocumentKind[] }
  | { id: number; kind: "reject"; reason: string }
  | { id: number; kind: "request-changes"; note: string };

const DECIDED: Record<Decision["kind"], string> = {
  approve: "Provider Approved",
  reject: "Provider Rejected",
  "request-changes": "Changes Requested",
};

function decisionCall(decision: Decision) {
  const path = `/api/admin/providers/${decision.id}/${decision.kind}`;
  if (decision.kind === "reject") return requestJson<Company>("PATCH", path, { reason: decision.reason });
  if (decision.kind === "request-changes") return requestJson<Company>("PATCH", path, { note: decision.note });
  // The spec's call has no body; what was verified is sent only when the admin changed it (an empty
  // list clears the badge's).
  return decision.verifiedDocuments
    ? requestJson<Company>("PATCH", path, { verifiedDocuments: decision.verifiedDocuments })
    : requestJson<Company>("PATCH", path);
}

/** Approve, reject or send back for changes a pending provider; the provider is notified by the server. */
export function useDecideProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decisionCall,
    onSuccess: (_company, decision) => {
      toast({ title: DECIDED[decision.kind], description: "The provider has been notified." });
    },
    // The spec shows no error for admin actions; saying why (another admin decided first, say) is kinder.
    onError: (err) => {
      toast({ title: "Error", description: errorMessage(err), variant: "destructive" });
    },
    // Every admin read lives under one key, so that a decision refreshes all the admin's lists.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/**
 * One page of a numbered list, with its filter unless that is "all"; the page on screen stays while
 * the next one loads.
 */
export const numberedPageQueryOptions = <D>(
  queryKey: QueryKey,
  path: string,
  page: number,
  filter: Record<string, string> = {},
) =>
  queryOptions({
    queryKey,
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page) });
      for (const [name, value] of Object.entries(filter)) if (value !== "all") params.set(name, value);
      return getJson<D>(`${path}?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

export const adminEmailsQueryOptions = (page: number, status: EmailStatus | "all") =>
  numberedPageQueryOptions<OutboxPage>(queryKeys.admin.emails(page, status), "/api/admin/emails", page, { status });

// ---------------------------------------------------------------------------------------------
// The portal's reads and writes (issue 12): the contract is src/shared/admin.ts.
// ---------------------------------------------------------------------------------------------

export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.stats(), queryFn: () => getJson<AdminStats>("/api/admin/stats") });

export const adminAnalyticsQueryOptions = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: queryKeys.admin.analytics(period),
    queryFn: () => getJson<AdminAnalytics>(`/api/admin/analytics?period=${period}`),
    placeholderData: keepPreviousData,
  });

/** The top bar's admin button: refreshed every minute, like the bell's count (decision 063). */
export const alertCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.alertCount(),
    queryFn: () => getJson<AlertCount>("/api/admin/alerts/count"),
    refetchInterval: 60_000,
  });

type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * One of the keyset lists: the first page, then "Load more" with the cursor the last page gave.
 * Filters left empty are not sent.
 */
export function useAdminList<T>(name: string, path: string, params: Record<string, string | undefined>) {
  const filters = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== "")) as Record<
    string,
    string
  >;
  return useInfiniteQuery({
    queryKey: queryKeys.admin.list(name, filters),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ ...filters, ...(pageParam ? { cursor: pageParam } : {}) });
      return getJson<Page<T>>(`${path}?${query.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** A mutation of the portal: the spec's toast on success, the server's message on failure, every admin read refreshed. */
export function useAdminMutation<V, R>(call: (vars: V) => Promise<R>, success: (vars: V, result: R) => ToastInput) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result, vars) => toast(success(vars, result)),
    onError: (err) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

type ToastInput = Parameters<typeof toast>[0];

export function useSetRequestStatus() {
  return useAdminMutation(
    ({ id, status }: { id: number; status: AdminStatus }) =>
      requestJson<AdminRequest>("PATCH", `/api/admin/requests/${id}/status`, { status }),
    (_v, r) => ({ title: "Status Updated", description: `"${r.title}" is now ${r.status}.` }),
  );
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useAdminMutation(
    async ({ id, userType }: { id: number; userType: UserType }) => {
      const user = await requestJson<AdminUser>("PATCH", `/api/admin/users/${id}/role`, { userType });
      // The admin's own role changed: the guard must see it (and send them to their new home).
      await queryClient.invalidateQueries({ queryKey: queryKeys.auth.user() });
      return user;
    },
    (_v, u) => ({ title: "Role Updated", description: `${u.firstName} ${u.lastName} is now ${u.userType}.` }),
  );
}

export function useResolveAlert() {
  return useAdminMutation(
    (id: number) => requestJson<AdminAlert>("PATCH", `/api/admin/alerts/${id}/resolve`),
    (_v, a) => ({ title: "Alert Resolved", description: a.title }),
  );
}

// ---------------------------------------------------------------------------------------------
// The System tab (issue 31, decision 163).
// ---------------------------------------------------------------------------------------------

export const adminSystemQueryOptions = (page: number) =>
  numberedPageQueryOptions<SystemOverview>(queryKeys.admin.system(page), "/api/admin/system", page);

type JobAction = { id: string; queue: string; message: string };

export function useRetryJob() {
  return useAdminMutation(
    (id: string) => requestJson<JobAction>("POST", `/api/admin/system/jobs/${id}/retry`),
    (_v, r) => ({ title: "Job Retried", description: `${r.queue}: ${r.message}` }),
  );
}

export function useDiscardJob() {
  return useAdminMutation(
    (id: string) => requestJson<JobAction>("DELETE", `/api/admin/system/jobs/${id}`),
    (_v, r) => ({ title: "Job Discarded", description: `${r.queue}: ${r.message}` }),
  );
}

export function useResendEmail() {
  return useAdminMutation(
    (id: number) => requestJson<OutboxEmail>("POST", `/api/admin/emails/${id}/resend`),
    (_v, e) => ({ title: "Email Queued", description: `"${e.subject}" to ${e.toAddress} is sent again.` }),
  );
}
