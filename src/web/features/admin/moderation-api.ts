// The moderation calls of the portal (issue 16, decisions 134 and 135): reported messages, hiding a
// message, removing a file sent in it (decision 176), dismissing a report, suspending and reinstating an
// account. Contract: src/shared/reports.ts and src/shared/files.ts.
import { queryOptions } from "@tanstack/react-query";
import type { AdminUser } from "@/shared/admin";
import type { StoredFile } from "@/shared/files";
import type { AdminReport, AdminReportDetail, HideMessageResult, ReportCount } from "@/shared/reports";
import type { AdminReview } from "@/shared/reviews";
import { getJson, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";
import { useAdminMutation } from "./api";

// Under the admin's key, so that every admin mutation refreshes them too.
const reportsKey = [...queryKeys.admin.all, "message-reports"] as const;

/** An act on one row that the admin gives a reason for: the reason is the request's body. */
const withReason =
  <T>(method: "POST" | "PATCH", url: (id: number) => string) =>
  ({ id, reason }: { id: number; reason: string }) =>
    requestJson<T>(method, url(id), { reason });

export const reportCountQueryOptions = () =>
  queryOptions({
    queryKey: [...reportsKey, "count"] as const,
    queryFn: () => getJson<ReportCount>("/api/admin/message-reports/count"),
  });

export const reportDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...reportsKey, "detail", id] as const,
    queryFn: () => getJson<AdminReportDetail>(`/api/admin/message-reports/${id}`),
  });

export function useHideMessage() {
  return useAdminMutation(
    withReason<HideMessageResult>("POST", (id) => `/api/admin/messages/${id}/hide`),
    (_v, r) => ({
      title: "Message hidden",
      description:
        r.resolvedReports > 0
          ? `The parties see it as removed. ${r.resolvedReports === 1 ? "Its report is" : `Its ${r.resolvedReports} reports are`} resolved.`
          : "The parties see it as removed.",
    }),
  );
}

/** Removes a file's content for good; both parties then see "Removed by an administrator" in its place. */
export function useRemoveFile() {
  return useAdminMutation(
    ({ id, reason }: { id: string; name: string; reason: string }) =>
      requestJson<StoredFile>("DELETE", `/api/admin/files/${id}`, reason ? { reason } : {}),
    ({ name }) => ({
      title: "File removed",
      description: `"${name}" is deleted. Both parties see that an administrator removed it.`,
    }),
  );
}

export function useDismissReport() {
  return useAdminMutation(
    ({ id, note }: { id: number; note?: string }) =>
      requestJson<AdminReport>("POST", `/api/admin/message-reports/${id}/dismiss`, note ? { note } : {}),
    () => ({ title: "Report dismissed", description: "The message stays as it is." }),
  );
}

export function useSuspendUser() {
  return useAdminMutation(
    withReason<AdminUser>("PATCH", (id) => `/api/admin/users/${id}/suspend`),
    (_v, u) => ({
      title: "Account suspended",
      description: `${u.firstName} ${u.lastName} is signed out everywhere and cannot sign in.`,
    }),
  );
}

export function useReinstateUser() {
  return useAdminMutation(
    (id: number) => requestJson<AdminUser>("PATCH", `/api/admin/users/${id}/reinstate`),
    (_v, u) => ({ title: "Account reinstated", description: `${u.firstName} ${u.lastName} can sign in again.` }),
  );
}

/** Hides a review (issue 17): the provider and the client are told the reason. */
export function useHideReview() {
  return useAdminMutation(
    withReason<AdminReview>("PATCH", (id) => `/api/admin/reviews/${id}/hide`),
    (_v, r) => ({
      title: "Review hidden",
      description: `It no longer counts in ${r.provider.name}'s rating. The provider and the client are told why.`,
    }),
  );
}
