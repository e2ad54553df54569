// The "Report" dialog a party opens on a message of the other side (decision 134): why (one of the
// reasons), an optional note, Submit. The conversation's thread mounts it; an admin reads the report.
import { MESSAGE_REPORT_NOTE_MAX, MESSAGE_REPORT_REASON_LABELS, MESSAGE_REPORT_REASONS } from "@/shared/conversations";
import { REPORT_THANKS_MESSAGE } from "@/shared/reports";
import { ReasonDialog } from "@/web/components/reason-dialog";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { useReportMessage } from "./api";

export type ReportMessageDialogProps = {
  /** The message reported: one the other side wrote. */
  messageId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function ReportMessageDialog({ messageId, open, onOpenChange }: ReportMessageDialogProps) {
  const report = useReportMessage(messageId);
  return (
    <ReasonDialog
      open={open}
      onOpenChange={(next) => {
        // A failure of the last attempt is not shown on the next opening.
        if (!next) report.reset();
        onOpenChange(next);
      }}
      title="Report this message"
      description="Our team will read the conversation and act on it. The other side is not told who reported it."
      choices={{
        legend: "Why are you reporting it?",
        values: MESSAGE_REPORT_REASONS,
        labels: MESSAGE_REPORT_REASON_LABELS,
      }}
      label="Anything to add?"
      required={false}
      hint="What happened, in a few words."
      maxLength={MESSAGE_REPORT_NOTE_MAX}
      confirmLabel="Submit report"
      pendingLabel="Sending..."
      pending={report.isPending}
      error={report.isError ? errorMessage(report.error) : undefined}
      onConfirm={({ reason, text }, { close, fail }) => {
        if (!reason) return fail("reason", "Choose a reason.");
        report.mutate(
          { reason, ...(text ? { note: text } : {}) },
          {
            onSuccess: () => {
              toast({ title: "Message reported", description: REPORT_THANKS_MESSAGE });
              close();
            },
          },
        );
      }}
    />
  );
}
