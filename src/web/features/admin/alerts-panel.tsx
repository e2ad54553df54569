import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { AdminAlert } from "@/shared/admin";
import { PATHS } from "@/shared/paths";
import { AlertList } from "./alert-list";
import { KeysetPanel } from "./keyset-panel";
import { reportCountQueryOptions } from "./moderation-api";
import PANEL_TEXTS from "./panel-texts.json";

const STATES = [
  { value: "false", label: "Unresolved" },
  { value: "true", label: "Resolved" },
] as const;

/** The way to the reported messages (issue 16), with how many wait. */
function ReportedMessagesCard() {
  const count = useQuery(reportCountQueryOptions());
  const open = count.data?.open;
  return (
    <Link
      to={`${PATHS.adminReports}?status=open`}
      className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
    >
      <span>
        <span className="block font-medium text-slate-900">Reported messages</span>
        <span className="text-sm text-slate-600">Messages clients and providers reported as abuse.</span>
      </span>
      {open === undefined ? null : (
        <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">{open} open</span>
      )}
    </Link>
  );
}

/** Spec screen 10, Alerts tab: what the system raised, unresolved first; resolve each one. */
export function AlertsPanel() {
  return (
    <KeysetPanel<AdminAlert>
      texts={PANEL_TEXTS.alerts}
      options={STATES}
      before={<ReportedMessagesCard />}
      all={(items) => <AlertList alerts={items} />}
    />
  );
}
