// Spec screen 7: the client's requests, counted by status (by the server) and listed newest first, a page at a time.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import { Briefcase, CheckCircle2, FileText, Inbox, Plus } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PATHS, quoteRequestPath } from "@/shared/paths";
import type { ClientStatus } from "@/shared/quote-request-status";
import type { QuoteRequestSummary, QuoteRequestSummaryCounts } from "@/shared/quote-requests";
import { ErrorAlert, LoadingNote } from "@/web/components/list-states";
import { LoadMore } from "@/web/components/load-more";
import { GoalBadge } from "@/web/components/quote-request/goal-badge";
import { industryLabel } from "@/web/components/quote-request/labels";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Select } from "@/web/components/ui/select";
import { UnreadRowBadge } from "@/web/components/unread-badge";
import { unreadForRequest, useUnreadSummary } from "@/web/lib/conversation-unread";
import { formatDate } from "@/web/lib/format";
import { usePageMeta } from "@/web/lib/page-meta";
import { myQuoteRequestCountsQueryOptions, myQuoteRequestsQueryOptions } from "./api";
import { previewDescription } from "./format";
import { StatusBadge } from "./status-badge";

type Counts = { total: number; open: number; matched: number; closed: number };

/** The dashboard's cards from the server's counts: a cancelled request is closed in the client's vocabulary (DESIGN.md). */
export function clientCounts(c: QuoteRequestSummaryCounts): Counts {
  return {
    total: c.total,
    open: c.byStatus.open,
    matched: c.byStatus.matched,
    closed: c.byStatus.closed + c.byStatus.cancelled,
  };
}

function StatCard({ title, value, icon: Icon }: { title: string; value: number | null; icon: LucideIcon }) {
  return (
    <Card data-testid="stat-card">
      <CardHeader className="flex flex-row items-center justify-between pb-2">
        <CardTitle as="h2" className="text-sm font-medium text-slate-600">
          {title}
        </CardTitle>
        <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold text-slate-900">{value ?? "-"}</p>
      </CardContent>
    </Card>
  );
}

function RequestRow({ request, unread }: { request: QuoteRequestSummary; unread: number }) {
  return (
    <li className="space-y-3 p-5" data-testid="quote-request-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="text-base font-semibold text-slate-900">{request.title}</h3>
        <div className="flex items-center gap-2">
          <UnreadRowBadge count={unread} />
          <StatusBadge status={request.status} />
        </div>
      </div>
      <p className="text-sm text-slate-700">{previewDescription(request.description)}</p>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
        <div className="flex gap-1">
          <dt>Industry:</dt>
          <dd className="font-medium text-slate-800">{industryLabel(request.industry)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Created:</dt>
          <dd className="font-medium text-slate-800">{formatDate(request.createdAt)}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Budget:</dt>
          <dd className="font-medium text-slate-800">{request.budgetRange}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ul className="flex flex-wrap gap-2" aria-label="Goals">
          {request.automationTypes.map((goal) => (
            <li key={goal}>
              <GoalBadge goal={goal} />
            </li>
          ))}
        </ul>
        <Button asChild variant="outline" size="sm">
          <Link to={quoteRequestPath(request.id)} aria-label={`View ${request.title}`}>
            View
          </Link>
        </Button>
      </div>
    </li>
  );
}

const FILTERS = ["all", "open", "matched", "closed"] as const;
type Filter = "all" | ClientStatus;

/** The list's status filter, in the address (`?status=matched`), so that a link can open the list filtered. */
function useStatusFilter(): [Filter, (next: Filter) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get("status");
  const filter = FILTERS.find((f) => f === asked) ?? "all";
  const setFilter = (next: Filter) =>
    setParams(next === "all" ? {} : { status: next }, { replace: true, preventScrollReset: true });
  return [filter, setFilter];
}

export function ClientDashboardPage() {
  usePageMeta("Quote Requests Dashboard", "Track your automation requests and their quotes.");
  const [filter, setFilter] = useStatusFilter();
  // The cards count every request (the server counts them); the list is a page at a time, filtered by the server.
  const summary = useQuery(myQuoteRequestCountsQueryOptions());
  const list = useInfiniteQuery(myQuoteRequestsQueryOptions(filter === "all" ? undefined : filter));
  const counts = summary.data ? clientCounts(summary.data) : null;
  const unread = useUnreadSummary().data;
  const shown = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isLoading = summary.isLoading || list.isLoading;
  const error = summary.error ?? list.error;
  const hasAny = (counts?.total ?? 0) > 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Quote Requests Dashboard</h1>
          <p className="mt-1 text-slate-600">Track your automation requests and their quotes.</p>
        </div>
        <Button asChild>
          <Link to={PATHS.quoteRequestWizard}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Create New Request
          </Link>
        </Button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard title="Total Requests" value={counts?.total ?? null} icon={FileText} />
        <StatCard title="Open Requests" value={counts?.open ?? null} icon={Inbox} />
        <StatCard title="Active Projects" value={counts?.matched ?? null} icon={Briefcase} />
        <StatCard title="Completed" value={counts?.closed ?? null} icon={CheckCircle2} />
      </div>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle as="h2">Your Requests</CardTitle>
          {hasAny ? (
            <Select
              label="Show requests by status"
              value={filter}
              onValueChange={(v) => setFilter(v as Filter)}
              options={[
                { value: "all", label: "All statuses" },
                { value: "open", label: "Open" },
                { value: "matched", label: "Matched" },
                { value: "closed", label: "Closed" },
              ]}
            />
          ) : null}
        </CardHeader>
        <CardContent className="p-0">
          {isLoading ? (
            <LoadingNote className="p-6" />
          ) : error ? (
            <div className="p-6">
              <ErrorAlert error={error} what="Your requests" />
            </div>
          ) : !hasAny ? (
            <div className="flex flex-col items-center gap-3 px-6 pb-10 pt-4 text-center" data-testid="empty-state">
              <FileText className="h-10 w-10 text-slate-400" aria-hidden="true" />
              <h3 className="text-lg font-semibold text-slate-900">No quote requests yet</h3>
              <p className="max-w-md text-slate-600">
                Describe a process you want automated and we will match you with vetted providers within 48 hours.
              </p>
              <Button asChild>
                <Link to={PATHS.quoteRequestWizard}>Create Your First Request</Link>
              </Button>
            </div>
          ) : (
            <>
              <ul className="divide-y divide-slate-200 border-t border-slate-200">
                {shown.map((r) => (
                  <RequestRow key={r.id} request={r} unread={unreadForRequest(unread, r.id)} />
                ))}
                {shown.length === 0 ? (
                  <li className="p-6 text-sm text-slate-600">No requests with this status.</li>
                ) : null}
              </ul>
              {list.hasNextPage ? (
                <div className="border-t border-slate-200 p-4">
                  <LoadMore list={list} />
                </div>
              ) : null}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
