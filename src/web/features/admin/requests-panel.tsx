import { useState } from "react";
import { Link } from "react-router";
import type { AdminRequest } from "@/shared/admin";
import { quoteRequestPath } from "@/shared/paths";
import { ADMIN_STATUSES, type AdminStatus } from "@/shared/quote-request-status";
import { ConfirmDialog } from "@/web/components/ui/alert-dialog";
import { formatDate } from "@/web/lib/format";
import { useAdminList, useSetRequestStatus } from "./api";
import { AdminTable, KeysetList, PanelSection, RowSelect, SearchAndFilter, useUrlParams } from "./list-controls";

const STATUS_OPTIONS = ADMIN_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }));

/** Decision 093, as the admin reads it before choosing. */
const CONSEQUENCES: Record<AdminStatus, string> = {
  pending: "reopens it for matching with a new 48-hour promise",
  active: "reopens it with its leads, and matches it if it has none",
  completed: "closes it for the client, declines its pending quotes and closes its leads; the providers are told",
  cancelled: "cancels it for the client, declines its pending quotes and closes its leads; the providers are told",
};

function StatusSelect({ request }: { request: AdminRequest }) {
  const setStatus = useSetRequestStatus();
  const [confirming, setConfirming] = useState<AdminStatus | null>(null);
  const apply = (status: AdminStatus) => setStatus.mutate({ id: request.id, status });
  return (
    <>
      <RowSelect
        id={`status-${request.id}`}
        label={`Status of ${request.title}`}
        value={request.status}
        disabled={setStatus.isPending}
        onChange={(value) => {
          const next = value as AdminStatus;
          // Closing one tells its providers: asked first. Reopening can be undone by closing again.
          if (next === "completed" || next === "cancelled") setConfirming(next);
          else apply(next);
        }}
        options={STATUS_OPTIONS}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={confirming === "cancelled" ? "Cancel this request?" : "Complete this request?"}
        description={`"${request.title}": this ${confirming ? CONSEQUENCES[confirming] : ""}.`}
        confirmLabel={confirming === "cancelled" ? "Cancel request" : "Complete request"}
        cancelLabel="Keep it as it is"
        pending={setStatus.isPending}
        pendingLabel="Updating..."
        onConfirm={() => {
          if (confirming)
            setStatus.mutate({ id: request.id, status: confirming }, { onSettled: () => setConfirming(null) });
        }}
      />
    </>
  );
}

/** Spec screen 10, Requests tab: every request with its client; the admin sets its status. */
export function RequestsPanel() {
  const list = useAdminList<AdminRequest>("requests", "/api/admin/requests", useUrlParams(["status", "q"]));
  return (
    <PanelSection
      id="requests-heading"
      title="Requests"
      description="Newest first, with the client and how far matching got."
    >
      <details className="rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">What each status does</summary>
        <dl className="mt-2 space-y-1">
          {STATUS_OPTIONS.map((o) => (
            <div key={o.value} className="flex gap-2">
              <dt className="w-24 shrink-0 font-medium text-slate-900">{o.label}</dt>
              <dd className="text-slate-600">Setting it {CONSEQUENCES[o.value]}.</dd>
            </div>
          ))}
        </dl>
      </details>
      <SearchAndFilter
        search="Search"
        placeholder="Title or client email"
        filter={{ label: "Status", param: "status", options: STATUS_OPTIONS }}
      />
      <KeysetList list={list} what="The requests" empty="No requests match.">
        {(items) => (
          <AdminTable columns={["Request", "Client", "Created", "Budget", "Leads", "Quotes", "Status"]}>
            {items.map((r) => (
              <tr key={r.id} className="border-t border-slate-200" data-testid="admin-request-row">
                <td className="px-3 py-2">
                  <Link to={quoteRequestPath(r.id)} className="font-medium text-purple-800 underline">
                    {r.title}
                  </Link>
                  <span className="block text-xs text-slate-600">
                    #{r.id} · {r.industry}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {r.client.firstName} {r.client.lastName}
                  <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{r.client.email}</span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(r.createdAt)}</td>
                <td className="px-3 py-2">{r.budgetRange}</td>
                <td className="px-3 py-2">{r.leadsCount}</td>
                <td className="px-3 py-2">{r.quotesCount}</td>
                <td className="px-3 py-2">
                  <StatusSelect request={r} />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </KeysetList>
    </PanelSection>
  );
}
