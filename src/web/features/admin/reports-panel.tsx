// Reported messages (issue 16, decision 134): the reports, newest first, filtered by status; a report
// opens its thread, where the admin hides the message, suspends its author or dismisses the report.
// The open report is in the URL (?report=), so that an alert's link opens it.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { MESSAGE_REPORT_REASON_LABELS, type MessageReportStatus } from "@/shared/conversations";
import type { StoredFile } from "@/shared/files";
import { type AdminMessage, type AdminReport, MODERATION_REASON_MAX } from "@/shared/reports";
import { AttachmentList } from "@/web/components/files/attachment-list";
import { ErrorAlert, LoadingNote } from "@/web/components/list-states";
import { ReasonDialog } from "@/web/components/reason-dialog";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/web/components/ui/dialog";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/format";
import { KeysetPanel } from "./keyset-panel";
import { useUrlParam } from "./list-controls";
import { reportDetailQueryOptions, useDismissReport, useHideMessage, useRemoveFile } from "./moderation-api";
import PANEL_TEXTS from "./panel-texts.json";
import { SuspendDialog } from "./suspend-dialog";

const STATUSES = [
  { value: "open", label: "Open" },
  { value: "resolved", label: "Resolved" },
  { value: "dismissed", label: "Dismissed" },
] as const;

const STATUS_STYLES: Record<MessageReportStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  resolved: "bg-green-100 text-green-900",
  dismissed: "bg-slate-100 text-slate-800",
};

function ReportStatusTag({ status }: { status: MessageReportStatus }) {
  return (
    <span className={cn("rounded px-2 py-0.5 text-xs font-semibold uppercase", STATUS_STYLES[status])}>{status}</span>
  );
}

const RESOLUTION_LABELS = { hidden: "Message hidden", suspended: "Author suspended", dismissed: "Dismissed" } as const;

function personName(p: { firstName: string; lastName: string } | null): string {
  return p ? `${p.firstName} ${p.lastName}` : "A deleted account";
}

export function SuspendedBadge() {
  return <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold uppercase text-red-900">Suspended</span>;
}

function Author({ message }: { message: AdminMessage }) {
  const a = message.author;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-medium text-slate-900">{personName(a)}</span>
      {a ? <span className="text-xs text-slate-600 [overflow-wrap:anywhere]">{a.email}</span> : null}
      <span className="rounded bg-slate-100 px-2 py-0.5 text-xs uppercase text-slate-800">{message.side}</span>
      {a?.suspended ? <SuspendedBadge /> : null}
    </span>
  );
}

function MessageBody({ message }: { message: AdminMessage }) {
  return (
    <div>
      <p
        className={cn(
          "whitespace-pre-wrap text-sm [overflow-wrap:anywhere]",
          message.hidden ? "text-slate-500 line-through" : "text-slate-800",
        )}
      >
        {message.body}
      </p>
      {message.hidden ? (
        <p className="text-xs text-slate-600">
          Hidden from the parties{message.hiddenReason ? `: ${message.hiddenReason}` : ""}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A message's files, each of which the admin may remove (with an optional reason, for the activity log);
 * a removed one stays in the list as removed, as the parties see it.
 */
function MessageFiles({ message }: { message: AdminMessage }) {
  const remove = useRemoveFile();
  // The file asked about, kept while the dialog closes so that its title does not change under it.
  const [removing, setRemoving] = useState<{ file: StoredFile; open: boolean } | null>(null);
  const file = removing?.file;
  const files = message.files ?? [];
  if (files.length === 0) return null;
  return (
    <>
      <AttachmentList
        files={files}
        label={`Files of the message from ${personName(message.author)}`}
        onRemove={(f) => setRemoving({ file: f, open: true })}
        removingId={remove.isPending ? (remove.variables?.id ?? null) : null}
        className="rounded-md border border-slate-200 bg-white px-3"
      />
      <ReasonDialog
        open={removing?.open ?? false}
        onOpenChange={(open) => setRemoving((r) => (r ? { ...r, open } : r))}
        title={`Remove "${file?.name ?? "this file"}"?`}
        description="Its content is deleted for good. Both parties see “Removed by an administrator” in its place, and the removal is logged."
        label="Reason"
        required={false}
        confirmLabel="Remove file"
        pendingLabel="Removing..."
        pending={remove.isPending}
        destructive
        maxLength={MODERATION_REASON_MAX}
        onConfirm={({ text }, { close }) => {
          if (file) remove.mutate({ id: file.id, name: file.name, reason: text }, { onSuccess: close });
        }}
      />
    </>
  );
}

function ReportItem({ report, onOpen }: { report: AdminReport; onOpen: () => void }) {
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3" data-testid="admin-report">
      <p className="flex flex-wrap items-center gap-2">
        <ReportStatusTag status={report.status} />
        <span className="font-medium text-slate-900">{MESSAGE_REPORT_REASON_LABELS[report.reason]}</span>
        <span className="text-sm text-slate-600">
          on "{report.request.title}" · {formatDateTime(report.createdAt)}
        </span>
      </p>
      <Author message={report.message} />
      <blockquote className="border-l-4 border-slate-200 pl-3">
        <MessageBody message={report.message} />
      </blockquote>
      {report.note ? <p className="text-sm text-slate-700">Reporter's note: {report.note}</p> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600">
          Reported by {personName(report.reporter)}
          {report.resolution ? ` · ${RESOLUTION_LABELS[report.resolution.kind]}` : ""}
          {report.resolvedBy ? ` by ${personName(report.resolvedBy)}` : ""}
        </p>
        <Button size="sm" variant="outline" onClick={onOpen}>
          Open thread
        </Button>
      </div>
    </li>
  );
}

function ReportActions({ report }: { report: AdminReport }) {
  const hide = useHideMessage();
  const dismiss = useDismissReport();
  const author = report.message.author;
  const open = report.status === "open";
  return (
    <div className="flex flex-wrap gap-2">
      {report.message.hidden ? null : (
        <ReasonDialog
          trigger={<Button size="sm">Hide message</Button>}
          title="Hide this message?"
          description="The parties will see that the message was removed. It stays here for the record, and the open reports of it are resolved."
          label="Reason"
          confirmLabel="Hide message"
          pendingLabel="Hiding..."
          pending={hide.isPending}
          maxLength={MODERATION_REASON_MAX}
          onConfirm={({ text }, { close }) =>
            hide.mutate({ id: report.message.id, reason: text }, { onSuccess: close })
          }
        />
      )}
      {author && !author.suspended && author.userType !== "admin" ? (
        <SuspendDialog
          userId={author.id}
          trigger={
            <Button size="sm" variant="destructive">
              Suspend author
            </Button>
          }
          title={`Suspend ${author.firstName} ${author.lastName}?`}
          who={author.email}
        />
      ) : null}
      {open ? (
        <ReasonDialog
          trigger={
            <Button size="sm" variant="outline">
              Dismiss
            </Button>
          }
          title="Dismiss this report?"
          description="The message stays as it is, and the report is closed."
          label="Note"
          required={false}
          confirmLabel="Dismiss report"
          pendingLabel="Dismissing..."
          pending={dismiss.isPending}
          maxLength={MODERATION_REASON_MAX}
          onConfirm={({ text }, { close }) =>
            dismiss.mutate({ id: report.id, note: text || undefined }, { onSuccess: close })
          }
        />
      ) : null}
    </div>
  );
}

function ReportThread({ id }: { id: number }) {
  const detail = useQuery(reportDetailQueryOptions(id));
  if (detail.isLoading) return <LoadingNote />;
  if (detail.isError || !detail.data) return <ErrorAlert error={detail.error} what="The report" />;
  const { report, thread } = detail.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {MESSAGE_REPORT_REASON_LABELS[report.reason]}, reported by {personName(report.reporter)} on{" "}
        {formatDateTime(report.createdAt)}. Between the client and {report.companyName}, on "{report.request.title}".
      </p>
      {report.note ? <p className="text-sm text-slate-700">Reporter's note: {report.note}</p> : null}
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <ReportStatusTag status={report.status} />
        {report.resolution ? (
          <span>
            {RESOLUTION_LABELS[report.resolution.kind]}
            {report.resolvedBy ? ` by ${personName(report.resolvedBy)}` : ""}
            {report.resolution.note ? `: ${report.resolution.note}` : ""}
          </span>
        ) : null}
      </p>
      <ReportActions report={report} />
      <ol className="max-h-[50vh] space-y-2 overflow-y-auto pr-1" aria-label="The conversation, oldest first">
        {thread.moreBefore ? <li className="text-xs text-slate-600">Older messages are not shown.</li> : null}
        {thread.messages.map((m) => (
          <li
            key={m.id}
            className={cn(
              "space-y-1 rounded-md border px-3 py-2",
              m.id === report.message.id ? "border-amber-400 bg-amber-50" : "border-slate-200",
            )}
            aria-current={m.id === report.message.id ? "true" : undefined}
          >
            <p className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
              <Author message={m} />
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </p>
            {m.id === report.message.id ? (
              <p className="text-xs font-semibold text-amber-900">Reported message</p>
            ) : null}
            <MessageBody message={m} />
            <MessageFiles message={m} />
          </li>
        ))}
        {thread.moreAfter ? <li className="text-xs text-slate-600">Newer messages are not shown.</li> : null}
      </ol>
    </div>
  );
}

export function ReportsPanel() {
  const [reportParam, setReport] = useUrlParam("report");
  const openId = /^\d+$/.test(reportParam) ? Number(reportParam) : null;
  return (
    <KeysetPanel<AdminReport>
      texts={PANEL_TEXTS.reports}
      options={STATUSES}
      item={(r) => <ReportItem key={r.id} report={r} onOpen={() => setReport(String(r.id))} />}
      after={
        <Dialog
          open={openId !== null}
          onOpenChange={(open) => {
            if (!open) setReport("");
          }}
        >
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>Reported message</DialogTitle>
              <DialogDescription>
                The conversation around it, oldest first; hidden messages are struck through.
              </DialogDescription>
            </DialogHeader>
            {openId !== null ? <ReportThread id={openId} /> : null}
          </DialogContent>
        </Dialog>
      }
    />
  );
}
