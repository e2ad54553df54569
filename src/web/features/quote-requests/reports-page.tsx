// /reports: the client's own figures: requests by status and the manual work they could save.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { PATHS, quoteRequestPath } from "@/shared/paths";
import { CLIENT_STATUS_LABELS, QUOTE_REQUEST_STATUSES } from "@/shared/quote-request-status";
import { FiguresCard, FiguresTable } from "@/web/components/figures";
import { ErrorAlert, LoadingNote } from "@/web/components/list-states";
import { LoadMore } from "@/web/components/load-more";
import { StatCard } from "@/web/components/stat-card";
import { formatHours } from "@/web/lib/format";
import { usePageMeta } from "@/web/lib/page-meta";
import { myQuoteRequestCountsQueryOptions, myQuoteRequestsQueryOptions } from "./api";
import { StatusBadge } from "./status-badge";

export function ReportsPage() {
  usePageMeta("Reports", "Your requests and their estimated savings.");
  // Figures counted by the server over every request; the table below is a page at a time.
  const summary = useQuery(myQuoteRequestCountsQueryOptions());
  const list = useInfiniteQuery(myQuoteRequestsQueryOptions());
  const requests = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isLoading = summary.isLoading || list.isLoading;
  const error = summary.error ?? list.error;
  const counts = summary.data;
  const byStatus = QUOTE_REQUEST_STATUSES.map((status) => ({ status, count: counts?.byStatus[status] ?? 0 }));
  const max = Math.max(1, ...byStatus.map((s) => s.count));
  const total = counts?.total ?? 0;
  const withEstimate = counts?.withEstimate ?? 0;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Reports</h1>
        <p className="mt-1 text-slate-600">Your requests and their estimated savings.</p>
      </div>
      {isLoading ? (
        <LoadingNote />
      ) : error ? (
        <ErrorAlert error={error} what="Your figures" />
      ) : counts ? (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <StatCard
              title="Estimated hours saved a year"
              value={formatHours(counts.hoursSavedPerYear)}
              valueTestId="total-hours-saved"
              valueClassName="text-3xl"
            >
              <p className="mt-1 text-sm text-slate-600">
                Manual work your {withEstimate === 1 ? "request" : "requests"} with an estimate could give back (
                {withEstimate} of {total}).
              </p>
            </StatCard>
            <StatCard title="Total requests" value={total} valueClassName="text-3xl" valueTestId="total-requests" />
          </div>

          <FiguresCard large title="Requests by status">
            <dl className="space-y-3" data-testid="requests-by-status">
              {byStatus.map(({ status, count }) => (
                <div key={status} className="grid grid-cols-[7rem_1fr_2rem] items-center gap-3">
                  <dt className="text-sm text-slate-700">{CLIENT_STATUS_LABELS[status]}</dt>
                  <div className="h-3 rounded-full bg-slate-100" aria-hidden="true">
                    <div className="h-3 rounded-full bg-blue-600" style={{ width: `${(count / max) * 100}%` }} />
                  </div>
                  <dd className="text-right text-sm font-semibold text-slate-900">{count}</dd>
                </div>
              ))}
            </dl>
          </FiguresCard>

          <FiguresCard
            large
            title="Estimated savings by request"
            description="Hours of manual work a year, from each request's volume and time per task."
          >
            {total === 0 ? (
              <p className="text-slate-600">
                No requests yet.{" "}
                <Link to={PATHS.quoteRequestWizard} className="font-medium text-blue-700 hover:underline">
                  Create one
                </Link>{" "}
                to see its estimate here.
              </p>
            ) : (
              <FiguresTable
                rows={requests}
                rowKey={(r) => r.id}
                columns={[
                  {
                    header: "Request",
                    cell: (r) => (
                      <Link to={quoteRequestPath(r.id)} className="font-medium text-blue-700 hover:underline">
                        {r.title}
                      </Link>
                    ),
                  },
                  { header: "Status", cell: (r) => <StatusBadge status={r.status} /> },
                  {
                    header: "Hours a year",
                    cell: (r) =>
                      r.roiHoursPerYear === null ? "No estimate" : r.roiHoursPerYear.toLocaleString("en-US"),
                    right: true,
                  },
                ]}
              />
            )}
            <LoadMore list={list} className="mt-4" />
          </FiguresCard>
        </>
      ) : null}
    </div>
  );
}
