import { useState } from "react";
import { Link } from "react-router";
import type { AdminRequest } from "@/shared/admin";
import { EXPORT_PATHS } from "@/shared/exports";
import { quoteRequestPath } from "@/shared/paths";
import { ADMIN_STATUSES, type AdminStatus } from "@/shared/quote-request-status";
import { ConfirmDialog } from "@/web/components/ui/alert-dialog";
import { formatDate } from "@/web/lib/format";
import { useSetRequestStatus } from "./api";
import { type Column, KeysetPanel, PersonCell } from "./keyset-panel";
import { capitalizedOptions, RowSelect } from "./list-controls";
import PANEL_TEXTS from "./panel-texts.json";

const STATUS_OPTIONS = capitalizedOptions(ADMIN_STATUSES);

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

const COLUMNS: readonly Column<AdminRequest>[] = [
  {
    header: "Request",
    cell: (r) => (
      <>
        <Link to={quoteRequestPath(r.id)} className="font-medium text-purple-800 underline">
          {r.title}
        </Link>
        <span className="block text-xs text-slate-600">
          #{r.id} · {r.industry}
        </span>
      </>
    ),
  },
  {
    header: "Client",
    cell: (r) => <PersonCell person={r.client} />,
  },
  { header: "Created", cell: (r) => formatDate(r.createdAt), className: "whitespace-nowrap" },
  { header: "Budget", cell: (r) => r.budgetRange },
  { header: "Leads", cell: (r) => r.leadsCount },
  { header: "Quotes", cell: (r) => r.quotesCount },
  { header: "Status", cell: (r) => <StatusSelect request={r} /> },
];

/** Spec screen 10, Requests tab: every request with its client; the admin sets its status. */
export function RequestsPanel() {
  return (
    <KeysetPanel<AdminRequest>
      texts={PANEL_TEXTS.requests}
      options={STATUS_OPTIONS}
      csv={{ path: EXPORT_PATHS.adminRequests, what: "the requests" }}
      before={
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
      }
      columns={COLUMNS}
    />
  );
}
