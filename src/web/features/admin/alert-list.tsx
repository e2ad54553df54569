// Alerts as the Alerts tab and the Overview show them: what happened, how bad, where, and Resolve.
import { Link } from "react-router";
import type { AdminAlert } from "@/shared/admin";
import type { AlertSeverity } from "@/shared/alerts";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/format";
import { useResolveAlert } from "./api";

const SEVERITY_STYLES: Record<AlertSeverity, string> = {
  high: "bg-red-100 text-red-900",
  medium: "bg-amber-100 text-amber-900",
  low: "bg-slate-100 text-slate-800",
};

function AlertItem({ alert }: { alert: AdminAlert }) {
  const resolve = useResolveAlert();
  return (
    <li
      className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
      data-testid="admin-alert"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className={cn("rounded px-2 py-0.5 text-xs font-semibold uppercase", SEVERITY_STYLES[alert.severity])}>
            {alert.severity}
          </span>
          <span className="font-medium text-slate-900">{alert.title}</span>
        </p>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{alert.description}</p>
        <p className="text-xs text-slate-600">
          {alert.type.replaceAll("_", " ")} · {formatDateTime(alert.createdAt)}
          {alert.resourceLink ? (
            <>
              {" · "}
              <Link to={alert.resourceLink} className="text-purple-800 underline">
                Open{" "}
                {alert.resourceType === "quote_request"
                  ? `request #${alert.resourceId}`
                  : alert.resourceType === "message_report"
                    ? "the report"
                    : "it"}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      {alert.isResolved ? (
        <p className="text-sm text-slate-600">
          Resolved
          {alert.resolvedBy ? ` by ${alert.resolvedBy.firstName} ${alert.resolvedBy.lastName}` : ""}
          {alert.resolvedAt ? `, ${formatDateTime(alert.resolvedAt)}` : ""}
        </p>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={resolve.isPending}
          onClick={() => resolve.mutate(alert.id)}
          aria-label={`Resolve: ${alert.title}`}
        >
          {resolve.isPending ? "Resolving..." : "Resolve"}
        </Button>
      )}
    </li>
  );
}

export function AlertList({ alerts }: { alerts: AdminAlert[] }) {
  return (
    <ul className="space-y-2">
      {alerts.map((a) => (
        <AlertItem key={a.id} alert={a} />
      ))}
    </ul>
  );
}
