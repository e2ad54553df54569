// The System tab (issue 31, decision 163): what an operator checks first. The job queues, the jobs
// given up on (Retry, Discard), the emails given up on (Send again), the last hour's 5xx answers by
// route, and the database.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FailedJob, SystemOverview } from "@/shared/system";
import { QueryStates } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { formatDateTime } from "@/web/lib/format";
import { adminSystemQueryOptions, useDiscardJob, useRetryJob } from "./api";
import { PanelSection } from "./list-controls";
import { EmailRow, outboxPageOptions } from "./outbox-panel";
import PANEL_TEXTS from "./panel-texts.json";
import { PagedPanel } from "./query-panel";

function seconds(s: number): string {
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

function bytes(n: number): string {
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KiB`;
  if (n < 1024 * 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
  return `${(n / (1024 * 1024 * 1024)).toFixed(2)} GiB`;
}

const TABLE = "w-full text-left text-sm";
const CELL = "border-b border-slate-200 px-3 py-2";

function QueuesAndErrors({ data }: { data: SystemOverview }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <PanelSection
        id="queues-heading"
        title="Job queues"
        description="Jobs waiting in each queue, and how long the oldest has waited."
      >
        <table className={TABLE}>
          <thead>
            <tr>
              <th className={CELL}>Queue</th>
              <th className={`${CELL} text-right`}>Waiting</th>
              <th className={`${CELL} text-right`}>Oldest</th>
            </tr>
          </thead>
          <tbody>
            {data.queues.map((q) => (
              <tr key={q.queue} data-testid="queue-row">
                <td className={CELL}>{q.queue}</td>
                <td className={`${CELL} text-right tabular-nums`}>{q.depth}</td>
                <td className={`${CELL} text-right tabular-nums`}>{q.depth > 0 ? seconds(q.oldestSeconds) : "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </PanelSection>
      <PanelSection
        id="errors-heading"
        title="Server errors in the last hour"
        description="Answers of 500 and above, by route. Each one's reference is in the log as its reqId."
      >
        {data.serverErrors.length === 0 ? (
          <p className="text-sm text-slate-600">None in the last hour.</p>
        ) : (
          <table className={TABLE}>
            <thead>
              <tr>
                <th className={CELL}>Route</th>
                <th className={`${CELL} text-right`}>Errors</th>
              </tr>
            </thead>
            <tbody>
              {data.serverErrors.map((e) => (
                <tr key={`${e.method} ${e.route}`} data-testid="server-error-row">
                  <td className={`${CELL} [overflow-wrap:anywhere]`}>
                    {e.method} {e.route}
                  </td>
                  <td className={`${CELL} text-right tabular-nums`}>{e.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PanelSection>
      <PanelSection id="database-heading" title="Database" description="Where the marketplace keeps its data.">
        <p className="text-sm text-slate-800">
          {data.database.kind === "embedded" ? "Embedded database (PGlite)" : "PostgreSQL"} ·{" "}
          {bytes(data.database.sizeBytes)}
        </p>
        {data.database.warning ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="note">
            {data.database.warning}
          </p>
        ) : null}
      </PanelSection>
    </div>
  );
}

function FailedJobItem({ job }: { job: FailedJob }) {
  const retry = useRetryJob();
  const discard = useDiscardJob();
  const busy = retry.isPending || discard.isPending;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3" data-testid="failed-job">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-slate-900">{job.queue}</span>
        <span className="text-sm text-slate-600">
          {job.attempts} {job.attempts === 1 ? "run" : "runs"}
          {job.failedAt ? ` · failed ${formatDateTime(job.failedAt)}` : ""}
        </span>
      </p>
      <p className="text-sm text-red-700 [overflow-wrap:anywhere]">{job.error}</p>
      <p className="font-mono text-xs text-slate-600 [overflow-wrap:anywhere]">
        {job.data}
        {job.requestId ? ` · reference ${job.requestId}` : ""}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => discard.mutate(job.id)}
          aria-label={`Discard: ${job.queue} job`}
        >
          {discard.isPending ? "Discarding..." : "Discard"}
        </Button>
        <Button size="sm" disabled={busy} onClick={() => retry.mutate(job.id)} aria-label={`Retry: ${job.queue} job`}>
          {retry.isPending ? "Retrying..." : "Retry"}
        </Button>
      </div>
    </div>
  );
}

const failedJobPageOptions = (page: number) =>
  queryOptions({
    ...adminSystemQueryOptions(page),
    select: (d: SystemOverview) => ({
      items: d.failedJobs.items,
      total: d.failedJobs.total,
      totalPages: Math.max(1, Math.ceil(d.failedJobs.total / d.failedJobs.pageSize)),
    }),
  });

/** The outbox's failed emails only: the System tab sends them again. */
const failedEmailPageOptions = (page: number) => outboxPageOptions(page, "failed");

export function SystemPanel() {
  const overview = useQuery(adminSystemQueryOptions(1));
  return (
    <div className="space-y-8">
      <QueryStates query={overview} what="The system's figures" isEmpty={() => false} empty={null}>
        {(data) => <QueuesAndErrors data={data} />}
      </QueryStates>
      <PagedPanel
        texts={PANEL_TEXTS.failedJobs}
        options={failedJobPageOptions}
        item={(job) => <FailedJobItem job={job} />}
      />
      <PagedPanel
        texts={PANEL_TEXTS.failedEmails}
        options={failedEmailPageOptions}
        item={(e) => <EmailRow email={e} />}
      />
    </div>
  );
}
