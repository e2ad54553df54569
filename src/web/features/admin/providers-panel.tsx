import type { AdminProvider } from "@/shared/admin";
import { SUBSCRIPTION_STATUS_LABELS } from "@/shared/billing";
import { COMPANY_STATUSES } from "@/shared/companies";
import { formatDate } from "@/web/lib/format";
import { useAdminList } from "./api";
import { AdminTable, KeysetList, PanelSection, SearchAndFilter, useUrlParams } from "./list-controls";
import { PendingProvidersPanel } from "./pending-providers-panel";

const STATUS_OPTIONS = COMPANY_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }));

function AllProviders() {
  const list = useAdminList<AdminProvider>("providers", "/api/admin/providers", useUrlParams(["status", "q"]));
  return (
    <PanelSection
      id="all-providers"
      title="All Providers"
      description="Every provider company, newest first, with its vetting, subscription and how it does with its leads."
    >
      <SearchAndFilter
        search="Search providers"
        placeholder="Company or owner email"
        filter={{ label: "Vetting", param: "status", options: STATUS_OPTIONS }}
      />
      <KeysetList list={list} what="The providers" empty="No providers match.">
        {(items) => (
          <AdminTable columns={["Company", "Owner", "Vetting", "Subscription", "Leads", "Quotes", "Won", "Registered"]}>
            {items.map((p) => (
              <tr key={p.id} className="border-t border-slate-200" data-testid="admin-provider-row">
                <td className="px-3 py-2">
                  <span className="font-medium text-slate-900">{p.name}</span>
                  <span className="block text-xs text-slate-600">
                    {p.location} · {p.specialties.join(", ")}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {p.owner.firstName} {p.owner.lastName}
                  <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{p.owner.email}</span>
                  {p.owner.userType !== "provider" ? (
                    <span className="block text-xs text-amber-800">Owner is now a {p.owner.userType}</span>
                  ) : null}
                </td>
                <td className="px-3 py-2 capitalize">{p.status}</td>
                <td className="px-3 py-2">
                  {p.subscription
                    ? `${SUBSCRIPTION_STATUS_LABELS[p.subscription.status]}${p.subscription.demo ? " (demo)" : ""}`
                    : "None"}
                </td>
                <td className="px-3 py-2">{p.leadsCount}</td>
                <td className="px-3 py-2">{p.quotesCount}</td>
                <td className="px-3 py-2">{p.wonCount}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.createdAt)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </KeysetList>
    </PanelSection>
  );
}

/** Spec screen 10, Providers tab: the pending ones to decide first, then every provider. */
export function ProvidersPanel() {
  return (
    <div className="space-y-10">
      <PendingProvidersPanel />
      <AllProviders />
    </div>
  );
}
