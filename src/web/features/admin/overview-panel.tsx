import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ActivityEntry, AdminAlert } from "@/shared/admin";
import { PATHS } from "@/shared/paths";
import { ErrorAlert, LoadingNote } from "@/web/components/list-states";
import { StatCard } from "@/web/components/stat-card";
import { ActivityList } from "./activity-list";
import { AlertList } from "./alert-list";
import { adminStatsQueryOptions, useAdminList } from "./api";
import { KeysetList, PanelHeading } from "./list-controls";
import { revenueLabel } from "./money";
import { NewCountsCard } from "./new-counts-card";

const linkClass = "text-sm font-medium text-purple-800 underline";

/** The few latest of a list, with a link to the whole of it beside the heading. */
function LatestSection({
  id,
  title,
  to,
  linkLabel,
  children,
}: {
  id: string;
  title: string;
  to: string;
  linkLabel: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <PanelHeading id={id} title={title} />
        <Link to={to} className={linkClass}>
          {linkLabel}
        </Link>
      </div>
      {children}
    </section>
  );
}

/** Spec screen 10, Overview (the default tab): the stats as cards, the alerts waiting, the latest activity. */
export function OverviewPanel() {
  const stats = useQuery(adminStatsQueryOptions());
  const alerts = useAdminList<AdminAlert>("alerts", "/api/admin/alerts", { resolved: "false", limit: "5" });
  const activity = useAdminList<ActivityEntry>("activity", "/api/admin/activity-logs", { limit: "5" });
  const s = stats.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="stats-heading" className="space-y-4">
        <PanelHeading id="stats-heading" title="Marketplace at a glance" />
        {stats.isError ? <ErrorAlert error={stats.error} what="The figures" /> : null}
        {stats.isLoading ? <LoadingNote /> : null}
        {s ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard title="Total Clients" value={s.totalClients} valueTestId="stat-total-clients" />
            <StatCard title="Total Providers" value={s.totalProviders} valueTestId="stat-total-providers" />
            <StatCard title="Total Requests" value={s.totalRequests} valueTestId="stat-total-requests" />
            <StatCard title="Total Quotes" value={s.totalQuotes} valueTestId="stat-total-quotes" />
            <NewCountsCard title="New This Month" counts={s.newThisMonth} testId="stat-new-requests" />
            <StatCard
              title="Requests by Status"
              value={s.requestsByStatus.active}
              valueTestId="stat-active"
              note={`active · ${s.requestsByStatus.pending} pending · ${s.requestsByStatus.completed} completed · ${s.requestsByStatus.cancelled} cancelled`}
            />
            <StatCard title="Pending Providers" value={s.pendingProviders} valueTestId="stat-pending-providers">
              <Link to={PATHS.adminProviders} className={linkClass}>
                Review providers
              </Link>
            </StatCard>
            <StatCard
              title="Revenue This Month"
              value={revenueLabel(s.revenue)}
              valueTestId="stat-revenue"
              note={`${s.revenue.activeSubscriptions} paying · ${s.revenue.trialingSubscriptions} in trial`}
            />
          </div>
        ) : null}
      </section>
      <LatestSection
        id="overview-alerts"
        title={`Unresolved Alerts${s ? ` (${s.unresolvedAlerts})` : ""}`}
        to={`${PATHS.adminAlerts}?resolved=false`}
        linkLabel="View all alerts"
      >
        <KeysetList list={{ ...alerts, hasNextPage: false }} what="The alerts" empty="No alerts are waiting.">
          {(items) => <AlertList alerts={items} />}
        </KeysetList>
      </LatestSection>
      <LatestSection
        id="overview-activity"
        title="Latest Activity"
        to={PATHS.adminActivity}
        linkLabel="View activity log"
      >
        <KeysetList list={{ ...activity, hasNextPage: false }} what="The activity log" empty="No admin activity yet.">
          {(items) => <ActivityList entries={items} />}
        </KeysetList>
      </LatestSection>
    </div>
  );
}
