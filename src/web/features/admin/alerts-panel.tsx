import type { AdminAlert } from "@/shared/admin";
import { AlertList } from "./alert-list";
import { useAdminList } from "./api";
import { FilterSelect, KeysetList, PanelHeading, useUrlParam } from "./list-controls";

const STATES = [
  { value: "false", label: "Unresolved" },
  { value: "true", label: "Resolved" },
] as const;

/** Spec screen 10, Alerts tab: what the system raised, unresolved first; resolve each one. */
export function AlertsPanel() {
  const [resolved] = useUrlParam("resolved");
  const list = useAdminList<AdminAlert>("alerts", "/api/admin/alerts", { resolved });
  return (
    <section aria-labelledby="alerts-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PanelHeading id="alerts-heading" title="Alerts">
          Raised by the marketplace: requests past their match deadline, requests with too few eligible providers.
        </PanelHeading>
        <FilterSelect label="Show" param="resolved" options={STATES} />
      </div>
      <KeysetList list={list} what="The alerts" empty="No alerts here.">
        {(items) => <AlertList alerts={items} />}
      </KeysetList>
    </section>
  );
}
