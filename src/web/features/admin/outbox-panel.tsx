import { queryOptions } from "@tanstack/react-query";
import {
  EMAIL_STATUS_LABELS,
  EMAIL_STATUSES,
  type EmailStatus,
  type OutboxEmail,
  type OutboxPage,
} from "@/shared/notifications";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/format";
import { adminEmailsQueryOptions, useResendEmail } from "./api";
import PANEL_TEXTS from "./panel-texts.json";
import { PagedPanel } from "./query-panel";

const STATUS_STYLES: Record<EmailStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

/** A failed email's way out: sent again, with its attempts counted afresh (decision 163). */
function SendAgain({ email }: { email: OutboxEmail }) {
  const resend = useResendEmail();
  return (
    <div className="flex justify-end border-t border-slate-200 px-4 py-2">
      <Button
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() => resend.mutate(email.id)}
        aria-label={`Send again: ${email.subject}`}
      >
        {resend.isPending ? "Sending..." : "Send again"}
      </Button>
    </div>
  );
}

/** An email of the outbox: its summary, its text on opening; a failed one can be sent again. */
export function EmailRow({ email }: { email: OutboxEmail }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white" data-testid="outbox-email">
      <EmailDetails email={email} />
      {email.status === "failed" ? <SendAgain email={email} /> : null}
    </div>
  );
}

function EmailDetails({ email }: { email: OutboxEmail }) {
  return (
    <details className="group">
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
        <span className={cn("rounded px-2 py-0.5 text-xs font-semibold", STATUS_STYLES[email.status])}>
          {EMAIL_STATUS_LABELS[email.status]}
        </span>
        <span className="min-w-0 flex-1 font-medium text-slate-900 [overflow-wrap:anywhere]">{email.subject}</span>
        <span className="text-sm text-slate-600 [overflow-wrap:anywhere]">to {email.toAddress}</span>
        <span className="text-sm text-slate-600">{formatDateTime(email.createdAt)}</span>
      </summary>
      <div className="space-y-2 border-t border-slate-200 px-4 py-3 text-sm">
        <p className="text-slate-600">
          {email.kind} · {email.attempts} {email.attempts === 1 ? "attempt" : "attempts"}
          {email.sentAt ? ` · sent ${formatDateTime(email.sentAt)}` : ""}
          {email.nextAttemptAt && email.attempts > 0 ? ` · next try ${formatDateTime(email.nextAttemptAt)}` : ""}
        </p>
        {email.lastError ? <p className="text-red-700">{email.lastError}</p> : null}
        <pre className="whitespace-pre-wrap rounded bg-slate-50 p-3 font-sans text-slate-800 [overflow-wrap:anywhere]">
          {email.textBody}
        </pre>
      </div>
    </details>
  );
}

/** The outbox's page as the panel reads it: its emails are the items, its pages counted from its size. */
export const outboxPageOptions = (page: number, status: EmailStatus | "all") =>
  queryOptions({
    ...adminEmailsQueryOptions(page, status),
    select: (d: OutboxPage) => ({ ...d, items: d.emails, totalPages: Math.max(1, Math.ceil(d.total / d.pageSize)) }),
  });

/** The email outbox, for admins: what was sent, what waits (or stays, without SMTP), what failed. */
export function OutboxPanel() {
  return (
    <PagedPanel
      texts={PANEL_TEXTS.outbox}
      options={outboxPageOptions}
      filter={{ values: EMAIL_STATUSES, labels: EMAIL_STATUS_LABELS }}
      notice={(d) =>
        d.smtpConfigured ? null : (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="note">
            {d.localMailbox ? (
              <>
                No SMTP server is configured (SMTP_URL), so emails are not sent: each one, its links too, can be read in
                the{" "}
                <a className="font-medium underline" href={d.localMailbox}>
                  local mailbox
                </a>
                .
              </>
            ) : (
              "No SMTP server is configured (SMTP_URL), so emails are kept here and not sent."
            )}
          </p>
        )
      }
      alwaysPaged
      item={(e) => <EmailRow email={e} />}
    />
  );
}
