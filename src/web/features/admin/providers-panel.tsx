import type { AdminProvider } from "@/shared/admin";
import { SUBSCRIPTION_STATUS_LABELS } from "@/shared/billing";
import { COMPANY_STATUS_LABELS, COMPANY_STATUSES } from "@/shared/companies";
import { formatDate } from "@/web/lib/format";
import { type Column, KeysetPanel, PersonCell } from "./keyset-panel";
import PANEL_TEXTS from "./panel-texts.json";
import { PendingProvidersPanel } from "./pending-providers-panel";

const STATUS_OPTIONS = COMPANY_STATUSES.map((value) => ({ value, label: COMPANY_STATUS_LABELS[value] }));

const COLUMNS: readonly Column<AdminProvider>[] = [
  {
    header: "Company",
    cell: (p) => (
      <>
        <span className="font-medium text-slate-900">{p.name}</span>
        <span className="block text-xs text-slate-600">
          {p.location} · {p.specialties.join(", ")}
        </span>
      </>
    ),
  },
  {
    header: "Owner",
    cell: (p) => (
      <PersonCell person={p.owner}>
        {p.owner.userType !== "provider" ? (
          <span className="block text-xs text-amber-800">Owner is now a {p.owner.userType}</span>
        ) : null}
      </PersonCell>
    ),
  },
  { header: "Vetting", cell: (p) => COMPANY_STATUS_LABELS[p.status] },
  {
    header: "Subscription",
    cell: (p) =>
      p.subscription
        ? `${SUBSCRIPTION_STATUS_LABELS[p.subscription.status]}${p.subscription.demo ? " (demo)" : ""}`
        : "None",
  },
  { header: "Leads", cell: (p) => p.leadsCount },
  { header: "Quotes", cell: (p) => p.quotesCount },
  { header: "Won", cell: (p) => p.wonCount },
  { header: "Registered", cell: (p) => formatDate(p.createdAt), className: "whitespace-nowrap" },
];

/** Spec screen 10, Providers tab: the pending ones to decide first, then every provider. */
export function ProvidersPanel() {
  return (
    <div className="space-y-10">
      <PendingProvidersPanel />
      <KeysetPanel<AdminProvider> texts={PANEL_TEXTS.providers} options={STATUS_OPTIONS} columns={COLUMNS} />
    </div>
  );
}
